import { describe, expect, it } from 'vitest';
import { isLinkPreview } from './link-preview';

describe('isLinkPreview', () => {
  it('knows the chat apps’ previewers and search engines’ crawlers', () => {
    for (const agent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'Twitterbot/1.0',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
    ])
      expect(isLinkPreview(agent), agent).toBe(true);
  });

  it('leaves browsers and the tools scripts use to people: their reads count', () => {
    for (const agent of [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      'curl/8.5.0',
      'Wget/1.21.4',
      'python-requests/2.31.0',
      'node',
      'Go-http-client/1.1',
      null,
    ])
      expect(isLinkPreview(agent), String(agent)).toBe(false);
  });
});
