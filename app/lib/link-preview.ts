/**
 * Whether a User-Agent is a link preview or a crawler: chat apps unfurling a link (Slackbot,
 * Discordbot, Twitterbot, TelegramBot, WhatsApp, facebookexternalhit, LinkedInBot, Skype, iMessage's
 * and Mattermost's previewers, Embedly, Iframely) and search engines' bots. Narrower than `isbot`,
 * on purpose: the share links scripts fetch (raw text, downloads, the file page) must keep counting
 * curl, wget, python-requests and Node, which `isbot` also calls bots (decision 0035).
 */
const LINK_PREVIEW =
  /bot\b|bot\/|crawler|spider|facebookexternalhit|whatsapp|skypeuripreview|embedly|iframely|preview/i;

export function isLinkPreview(userAgent: string | null | undefined): boolean {
  return !!userAgent && LINK_PREVIEW.test(userAgent);
}
