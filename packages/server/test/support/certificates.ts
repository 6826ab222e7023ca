import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificates {
  ca: string;
  server: { cert: string; key: string };
  client: { cert: string; key: string };
}

/**
 * A throw-away CA with a server certificate for 127.0.0.1 and a client certificate, made with the
 * openssl CLI in a temporary folder that is removed again. EC keys keep it fast.
 */
export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'knooppunt-certs-'));
  const file = (name: string) => path.join(dir, name);
  // Arguments as one line each, split on spaces: none of them contains a space.
  const openssl = (args: string) => execFileSync('openssl', args.split(' '), { cwd: dir, stdio: 'pipe' });
  const newKey = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
  try {
    openssl(
      `req -x509 ${newKey} -keyout ca.key -out ca.crt -days 2 -subj /CN=knooppunt-test-ca ` +
        '-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign',
    );
    const issue = (name: string, extensions: string) => {
      writeFileSync(file(`${name}.ext`), extensions);
      openssl(`req ${newKey} -keyout ${name}.key -out ${name}.csr -subj /CN=${name}`);
      openssl(
        `x509 -req -in ${name}.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out ${name}.crt -days 2 -extfile ${name}.ext`,
      );
      return { cert: readFileSync(file(`${name}.crt`), 'utf8'), key: readFileSync(file(`${name}.key`), 'utf8') };
    };
    return {
      ca: readFileSync(file('ca.crt'), 'utf8'),
      server: issue('server', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n'),
      client: issue('client', 'extendedKeyUsage=clientAuth\n'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
