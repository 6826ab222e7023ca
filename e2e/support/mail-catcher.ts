/**
 * A real SMTP server for the browser tests, run as its own process beside the server under test
 * (a `webServer` of the Playwright config): it accepts every mail on 127.0.0.1:<SMTP port>, parses
 * it with mailparser and lists what arrived at http://127.0.0.1:<HTTP port>/mails, where the
 * tests read it (support/mail.ts). No mocked transport: Knooppunt sends through nodemailer.
 *
 *   tsx support/mail-catcher.ts <SMTP port> <HTTP port>
 */
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  received: string;
}

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) throw new Error('usage: mail-catcher.ts <smtp port> <http port>');

const mails: CaughtMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        mails.push({
          to: [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address?.toLowerCase() ?? '')),
          from: mail.from?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          received: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    if (request.url === '/health') return void response.end('ok');
    if (request.url === '/mails') {
      response.setHeader('content-type', 'application/json');
      return void response.end(JSON.stringify(mails));
    }
    response.statusCode = 404;
    response.end();
  })
  .listen(httpPort, '127.0.0.1');
