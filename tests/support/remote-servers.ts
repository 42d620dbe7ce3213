import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Real file servers on loopback for the WebDAV and SFTP storages (issue 48, docs/storage.md):
 * `rclone serve webdav` over a temp folder, and a throw-away OpenSSH sshd with its own host key,
 * its own client key and its own folder. Both are Debian packages (scripts/system-deps.sh).
 */
const execute = promisify(execFile);

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Resolves once something accepts connections on the port (the server is up). */
async function listening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${log()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true));
      socket.on('error', () => resolve(false));
      socket.setTimeout(500, () => resolve(false));
    }).catch(() => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not listen on ${port}: ${log()}`);
}

export interface RemoteServer {
  /** The folder the server serves, on this machine's disk. */
  dir: string;
  port: number;
  /** Stops the server (and the next call finds nothing listening: a server gone). */
  stop: () => Promise<void>;
  /** Starts it again on the same port and folder. */
  restart: () => Promise<void>;
  /** Stops it for good and removes its folders. */
  close: () => Promise<void>;
}

function spawnLogged(command: string, args: string[]) {
  let log = '';
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  return { child, log: () => log.slice(-2000) };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  // sshd serves each connection from a process of its own, which outlives the listener: a server
  // gone drops its connections too.
  await execute('pkill', ['-TERM', '-P', String(child.pid)]).catch(() => undefined);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A server run by `start` on a fixed port, stoppable and restartable (for the "server gone" cases). */
async function managed(dir: string, port: number, start: () => { child: ChildProcess; log: () => string }, base = dir) {
  let running = start();
  await listening(port, running.child, running.log);
  return {
    dir,
    port,
    stop: () => stopChild(running.child),
    restart: async () => {
      running = start();
      await listening(port, running.child, running.log);
    },
    close: async () => {
      await stopChild(running.child);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

export interface WebDavServer extends RemoteServer {
  url: string;
  username: string;
  password: string;
}

/** `rclone serve webdav` of a temp folder, with a user and password. */
export async function startRcloneWebdav(): Promise<WebDavServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdav-served-'));
  const port = await freePort();
  const username = 'dav-user';
  const password = 'dav-password';
  // No directory cache: the tests also write into the served folder behind the server's back.
  const args = ['serve', 'webdav', dir, '--addr', `127.0.0.1:${port}`, '--user', username, '--pass', password];
  args.push('--dir-cache-time', '0s');
  const server = await managed(dir, port, () => spawnLogged('rclone', args));
  return { ...server, url: `http://127.0.0.1:${port}/`, username, password };
}

export interface SshServer extends RemoteServer {
  username: string;
  /** The client's private key (OpenSSH format) that the server accepts. */
  privateKey: string;
  /** The server's host key fingerprint, as ssh-keygen -l prints it. */
  fingerprint: string;
  /** Gives the server a new host key (a "host key changed" case), then restarts it. */
  changeHostKey: () => Promise<void>;
}

/** A throw-away sshd: its own host key, config and client key; SFTP only, the current user. */
export async function startSshd(): Promise<SshServer> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sshd-'));
  const dir = path.join(base, 'served');
  fs.mkdirSync(dir);
  const port = await freePort();
  const hostKey = path.join(base, 'host_ed25519');
  const clientKey = path.join(base, 'client_ed25519');
  await execute('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  await execute('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', clientKey]);
  fs.copyFileSync(`${clientKey}.pub`, path.join(base, 'authorized_keys'));
  fs.mkdirSync('/run/sshd', { recursive: true });
  const config = path.join(base, 'sshd_config');
  fs.writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(base, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(base, 'authorized_keys')}`,
      'PermitRootLogin prohibit-password',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
    ].join('\n') + '\n',
  );
  const fingerprint = async () =>
    (await execute('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKey}.pub`])).stdout.split(' ')[1]!;
  const server = await managed(dir, port, () => spawnLogged('/usr/sbin/sshd', ['-D', '-e', '-f', config]), base);
  const result: SshServer = {
    ...server,
    username: os.userInfo().username,
    privateKey: fs.readFileSync(clientKey, 'utf8'),
    fingerprint: await fingerprint(),
    changeHostKey: async () => {
      await server.stop();
      fs.rmSync(hostKey);
      fs.rmSync(`${hostKey}.pub`);
      await execute('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
      result.fingerprint = await fingerprint();
      await server.restart();
    },
  };
  return result;
}
