import type { TFunction } from 'i18next';
import type { CallerExportDocument } from '@phonebot/shared/callers';
import type { callerRightsTranslations } from './locales';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string | number | null | undefined) => String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function when(iso: string | null, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The caller's export as a readable page, in the reader's language: one section per call with its conversation,
 * notes and SMS. Every value is escaped; the page loads nothing and prints as it shows.
 */
export function callerSummaryHtml(doc: CallerExportDocument, t: TFunction, language: string): string {
  type SummaryKey = keyof typeof callerRightsTranslations.en.callerRights.summary;
  const s = (key: SummaryKey, options: Record<string, unknown> = {}) => t(`callerRights.summary.${key}`, options);
  const { meta } = doc;
  const list = (items: string[]) =>
    items.length === 0 ? `<p>${escape(s('none'))}</p>` : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  const calls = doc.data.map(({ attributes: call }) => {
    const facts: [string, string | number | null][] = [
      [s('phonebot'), call.phonebot_name],
      [s('status'), call.status],
      [s('priority'), call.priority],
      [s('category'), call.selected_category],
      [s('duration'), call.duration_s],
    ];
    const turns = call.response
      .filter((turn) => turn.text.trim() !== '')
      .map((turn) => {
        const who = /user/i.test(turn.action) ? s('caller') : /bot/i.test(turn.action) ? s('bot') : turn.action;
        return `<strong>${escape(who)}:</strong> ${escape(turn.text)}`;
      });
    const notes = call.notes.map(
      (note) =>
        `${escape(when(note.attributes.created_at, language))}${note.attributes.author ? ` · ${escape(note.attributes.author)}` : ''}: ${escape(note.attributes.text)}`,
    );
    const sms = call.sms.map(
      (message) =>
        `${escape(when(message.attributes.created_at, language))} ${escape(s('smsTo', { to: message.attributes.to, state: message.attributes.state }))}: ${escape(message.attributes.message)}`,
    );
    return `<section>
<h2>${escape(s('call', { at: when(call.created_at, language) }))}</h2>
<dl>${facts.map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value ?? '—')}</dd>`).join('')}</dl>
<h3>${escape(s('conversation'))}</h3>${list(turns)}
<h3>${escape(s('notes'))}</h3>${list(notes)}
<h3>${escape(s('sms'))}</h3>${list(sms)}
</section>`;
  });
  const heading = s('heading', { number: meta.number });
  return `<!doctype html>
<html lang="${escape(language)}">
<head>
<meta charset="utf-8">
<title>${escape(heading)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
section { border-top: 1px solid #999; padding-top: 0.5rem; break-inside: avoid; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
</style>
</head>
<body>
<h1>${escape(heading)}</h1>
<p>${escape(s('company', { company: meta.company_name ?? '' }))}<br>${escape(s('exportedAt', { at: when(meta.exported_at, language) }))}<br>${escape(s('counts', { calls: meta.calls, notes: meta.notes, sms: meta.sms }))}</p>
${calls.join('\n')}
</body>
</html>
`;
}
