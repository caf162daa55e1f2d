import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createEnglishI18n } from '~/web/lib/i18n';
import enTelehealth from '../../../../../public/locales/en/telehealth.json';
import { DeviceCheck } from './device-check';
import type { LocalMedia } from './use-local-media';

/** The browser refused the camera and microphone: no stream, and no devices it will name. */
const DENIED: LocalMedia = {
  status: 'failed',
  stream: null,
  audioTrack: null,
  videoTrack: null,
  problem: 'denied',
  cameras: [],
  microphones: [],
  cameraId: '',
  microphoneId: '',
  chooseCamera: () => {},
  chooseMicrophone: () => {},
  retry: () => {},
};

function render(media: Partial<LocalMedia>, notOpen = false): string {
  const i18n = createEnglishI18n();
  i18n.addResourceBundle('en', 'telehealth', enTelehealth);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DeviceCheck media={{ ...DENIED, ...media }} notOpen={notOpen} />
    </I18nextProvider>,
  );
}

const option = (text: string) => `>${text}</option>`;

describe('the device check', () => {
  it('when the browser is not allowed to use the camera and microphone, its lists say permission is needed, not that none were found', () => {
    const html = render({});
    expect(html.split(option(enTelehealth.devices.permissionNeeded))).toHaveLength(3);
    expect(html).not.toContain(enTelehealth.devices.noneFound);
    expect(html).toContain(enTelehealth.devices.problems.denied.title);
  });

  it('with no camera or microphone found, its lists say none were found', () => {
    const html = render({ problem: 'not-found' });
    expect(html.split(option(enTelehealth.devices.noneFound))).toHaveLength(3);
    expect(html).not.toContain(enTelehealth.devices.permissionNeeded);
  });

  it('says one can join without them now on an open visit, and later on one not open yet', () => {
    const open = render({});
    expect(open).toContain(enTelehealth.devices.canStillJoin);
    const notOpen = render({}, true);
    expect(notOpen).toContain(enTelehealth.devices.canJoinLater);
    expect(notOpen).not.toContain(enTelehealth.devices.canStillJoin);
  });
});
