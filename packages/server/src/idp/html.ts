import { escapeHtml } from '../lib/html';
import { fontFaces } from './fonts';

/**
 * Headers for every page of the identity provider: no scripts at all, no framing (clickjacking on
 * the login form), and never cached (the forms carry per-login state).
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

// The portal's look (web/src/app/theme.ts: MUI with its deep blue primary and orange accent on a
// quiet grey ground, flat buttons, 8 px corners, Roboto) with nothing loaded but the font.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:"Roboto Variable",Roboto,"Segoe UI","Helvetica Neue",Arial,sans-serif;background:#f3f5f9;color:#1b2433;font-size:16px;line-height:1.5}
header{background:#0b3d91;color:#fff;height:64px;display:flex;align-items:center;padding:0 24px}
header span{font-size:1.25rem;font-weight:600;letter-spacing:.0075em}
header span::before{content:"";display:inline-block;width:10px;height:10px;border-radius:50%;background:#f28c28;margin-right:12px;vertical-align:middle}
main{display:flex;justify-content:center;padding:64px 16px}
.card{background:#fff;width:100%;max-width:420px;border-radius:8px;border-top:4px solid #f28c28;padding:32px;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}
h1{margin:0 0 24px;font-size:1.5rem;font-weight:600}
p{margin:0 0 16px}
label{display:block;font-size:.875rem;color:#5b6678;margin:0 0 6px}
input{display:block;width:100%;font:inherit;color:inherit;padding:14px;border:1px solid rgba(0,0,0,.23);border-radius:8px;margin:0 0 20px;background:#fff}
input:hover{border-color:#1b2433}
input:focus{outline:none;border-color:#0b3d91;box-shadow:inset 0 0 0 1px #0b3d91}
button,.button{display:block;width:100%;font:inherit;font-weight:600;font-size:.9375rem;letter-spacing:.02857em;text-align:center;text-decoration:none;padding:10px 22px;border:0;border-radius:8px;background:#0b3d91;color:#fff;cursor:pointer}
button:hover,.button:hover{background:#082b66}
button:focus-visible,.button:focus-visible{outline:3px solid #f28c28;outline-offset:2px}
button.secondary{background:transparent;color:#0b3d91;box-shadow:none;border:1px solid rgba(11,61,145,.5);margin-top:12px}
button.secondary:hover{background:rgba(11,61,145,.04)}
.alert{display:flex;gap:12px;padding:12px 16px;border-radius:8px;margin:0 0 24px;font-size:.875rem;background:#fdeded;color:#5f2120}
.hint{margin:24px 0 0;padding:12px 16px;border-left:4px solid #f28c28;background:#fff8f0;border-radius:0 8px 8px 0;font-size:.875rem;color:#5b6678}
.hint ul{margin:8px 0 0;padding-left:20px}
.hint p{margin:8px 0 0}
.hint code{font-family:"Roboto Mono",Consolas,monospace;font-size:.8125rem}
.code{font-size:.75rem;color:#5b6678;margin-top:24px}
.links{margin:16px 0 0;text-align:center;font-size:.875rem}
a{color:#0b3d91}
.info{padding:12px 16px;border-radius:8px;margin:0 0 24px;font-size:.875rem;background:#e5f0fa;color:#0b3d91}
.field-hint{font-size:.75rem;color:#5b6678;margin:-14px 0 20px}
.qr svg{display:block;width:208px;height:208px;margin:0 auto 16px}
.secret{font-family:"Roboto Mono",Consolas,monospace;font-size:.875rem;word-break:break-all;background:#f3f5f9;padding:8px 12px;border-radius:8px;margin:0 0 20px}
.codes{font-family:"Roboto Mono",Consolas,monospace;font-size:1rem;columns:2;list-style:none;padding:0;margin:0 0 24px}
.codes li{padding:4px 0}
[hidden]{display:none!important}
.or{display:flex;align-items:center;gap:12px;margin:24px 0;font-size:.875rem;color:#5b6678}
.or::before,.or::after{content:"";flex:1;border-top:1px solid rgba(0,0,0,.12)}
`;

let style: string | undefined;
const pageStyle = () => (style ??= `${fontFaces()}\n${STYLE}`);

/** A whole page: the portal's app bar above one card holding `body` (already escaped HTML). */
export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Knooppunt beheer</title>
<style>${pageStyle()}</style>
</head>
<body>
<header><span>Knooppunt beheer</span></header>
<main><div class="card">
<h1>${escapeHtml(title)}</h1>
${body}
</div></main>
</body>
</html>`;
}
