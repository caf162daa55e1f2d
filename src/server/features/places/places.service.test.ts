import { describe, expect, it } from 'vitest';
import { parsePlaceText, placeLabel } from './places.service.js';

describe('parsePlaceText', () => {
  it('reads a name and what narrows it after commas (Latin, Chinese and Arabic commas), folded', () => {
    expect(parsePlaceText('  Newtown , NSW, AU ')).toEqual({ name: 'newtown', qualifiers: ['nsw', 'au'] });
    expect(parsePlaceText('Montréal')).toEqual({ name: 'montreal', qualifiers: [] });
    expect(parsePlaceText('上海，中国')).toEqual({ name: '上海', qualifiers: ['中国'] });
    expect(parsePlaceText('دبي، الإمارات')).toEqual({ name: 'دبي', qualifiers: ['الإمارات'.normalize('NFD')] });
    expect(parsePlaceText(', , ')).toEqual({ name: '', qualifiers: [] });
  });
});

describe('placeLabel', () => {
  it('is name, state and region, without an empty state', () => {
    expect(placeLabel({ name: 'Newtown', state: 'NSW', region: 'AU' })).toBe('Newtown, NSW, AU');
    expect(placeLabel({ name: 'Porto', state: '', region: 'PT' })).toBe('Porto, PT');
  });
});
