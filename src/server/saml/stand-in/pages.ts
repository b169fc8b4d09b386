/** The stand-in identity provider's HTML: plain forms, no inline script or style. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string, autoSubmit = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/stand-in.css">
${autoSubmit ? '<script src="/auto-submit.js" defer></script>' : ''}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The identity picker: one form per demo identity, posting to the stand-in's respond endpoint. */
export function pickerPage(options: { heading: string; action: string; ticket: string; identities: { key: string; label: string }[]; encrypt: string }): string {
  // One form; each identity is a submit button carrying its key, so the encryption choice goes with any of them.
  const buttons = options.identities
    .map((identity) => `<li><button type="submit" name="identity" value="${escapeHtml(identity.key)}">${escapeHtml(identity.label)}</button></li>`)
    .join('\n');
  return page(
    options.heading,
    `<h1>${escapeHtml(options.heading)}</h1>
<p>Demo identity provider: pick who signs in. This page exists only in demo mode and in tests.</p>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="ticket" value="${escapeHtml(options.ticket)}">
<p><label><input type="checkbox" name="encrypt" value="${escapeHtml(options.encrypt)}"> Encrypt the assertion (${escapeHtml(options.encrypt.toUpperCase())}, RSA-OAEP)</label></p>
<ul class="identities">
${buttons}
</ul>
</form>`,
  );
}

/** The HTTP-POST binding: a form to the service provider, sent by a script file or the button. */
export function postPage(options: { action: string; fields: Record<string, string | undefined>; heading: string }): string {
  const inputs = Object.entries(options.fields)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    options.heading,
    `<h1>${escapeHtml(options.heading)}</h1>
<form method="post" action="${escapeHtml(options.action)}" data-auto-submit>
${inputs}
<button type="submit">Continue</button>
</form>`,
    true,
  );
}

export function errorPage(message: string): string {
  return page('Demo identity provider', `<h1>Demo identity provider</h1>\n<p role="alert">${escapeHtml(message)}</p>`);
}

export const AUTO_SUBMIT_JS = `document.querySelectorAll('form[data-auto-submit]').forEach(function (form) { form.submit(); });\n`;
export const STAND_IN_CSS = `body{font-family:sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem;color:#222}
ul.identities{list-style:none;padding:0}ul.identities li{margin:.5rem 0}
button{font-size:1rem;padding:.6rem 1rem;width:100%;text-align:left;cursor:pointer;background:#2185d0;color:#fff;border:0;border-radius:4px}
button:focus{outline:3px solid #f2711c}\n`;
