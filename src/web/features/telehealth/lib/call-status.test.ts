import { describe, expect, it } from 'vitest';
import { callStatus, withDeparture, withoutReturned } from './call-status';

describe('callStatus', () => {
  it('is joining until the server let this tab into the call', () => {
    expect(callStatus({ joined: false, present: [], departed: ['patient'] })).toEqual({ kind: 'joining' });
  });

  it('is alone while nobody else has been in the call', () => {
    expect(callStatus({ joined: true, present: [], departed: [] })).toEqual({ kind: 'alone' });
    expect(callStatus({ joined: true, present: ['patient'], departed: [] })).toEqual({ kind: 'none' });
  });

  it('says who left instead of "nobody is here yet" once someone who was in the call has gone', () => {
    expect(callStatus({ joined: true, present: [], departed: ['patient'] })).toEqual({ kind: 'left', userIds: ['patient'] });
    // Some went, others are still here.
    expect(callStatus({ joined: true, present: ['carer'], departed: ['patient'] })).toEqual({ kind: 'left', userIds: ['patient'] });
    expect(callStatus({ joined: true, present: ['carer'], departed: ['patient', 'interpreter'] })).toEqual({ kind: 'left', userIds: ['patient', 'interpreter'] });
  });

  it('says everyone left when several were here and all have gone', () => {
    expect(callStatus({ joined: true, present: [], departed: ['patient', 'interpreter'] })).toEqual({ kind: 'everyone-left' });
  });

  it('does not count someone back in the call as gone', () => {
    expect(callStatus({ joined: true, present: ['patient'], departed: ['patient'] })).toEqual({ kind: 'none' });
  });
});

describe('departures', () => {
  it('keeps each person once, the latest to leave last', () => {
    expect(withDeparture([], 'patient')).toEqual(['patient']);
    expect(withDeparture(['patient', 'carer'], 'patient')).toEqual(['carer', 'patient']);
  });

  it('drops those who came back, and keeps the same list when nobody did', () => {
    const departed = ['patient', 'carer'];
    expect(withoutReturned(departed, ['carer'])).toEqual(['patient']);
    expect(withoutReturned(departed, ['provider'])).toBe(departed);
  });
});
