import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, embeddedIPv4, refusalOf, resolveChecked } from './ssrf.ts';

const refused: [string, string][] = [
  ['http://127.0.0.1/', 'loopback'],
  ['http://127.255.255.254:8080/x', 'loopback'],
  ['http://2130706433/', 'loopback'], // decimal
  ['http://0177.0.0.1/', 'loopback'], // octal
  ['http://0x7f.1/', 'loopback'], // hex, short
  ['http://0x7f000001/', 'loopback'],
  ['http://127.1/', 'loopback'], // short
  ['http://localhost:3000/', 'loopback'],
  ['http://api.localhost/', 'loopback'],
  ['http://10.0.0.1/', 'private'],
  ['http://10.255.255.255/', 'private'],
  ['http://172.16.0.1/', 'private'],
  ['http://172.31.255.1/', 'private'],
  ['http://192.168.1.1/', 'private'],
  ['http://3232235777/', 'private'], // 192.168.1.1 decimal
  ['http://169.254.169.254/latest/meta-data/', 'metadata'],
  ['http://169.254.1.1/', 'link_local'],
  ['http://100.64.0.1/', 'cgnat'],
  ['http://100.127.255.254/', 'cgnat'],
  ['http://0.0.0.0/', 'unspecified'],
  ['http://0/', 'unspecified'],
  ['http://0.1.2.3/', 'unspecified'],
  ['http://224.0.0.1/', 'multicast'],
  ['http://239.255.255.250/', 'multicast'],
  ['http://255.255.255.255/', 'reserved'],
  ['http://240.0.0.1/', 'reserved'],
  ['http://192.0.0.8/', 'reserved'],
  ['http://198.18.0.1/', 'benchmarking'],
  ['http://198.19.255.255/', 'benchmarking'],
  ['http://192.0.2.10/', 'documentation'],
  ['http://198.51.100.7/', 'documentation'],
  ['http://203.0.113.9/', 'documentation'],
  ['http://[::1]/', 'loopback'],
  ['http://[::]/', 'unspecified'],
  ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
  ['http://[fc00::1]/', 'unique_local'],
  ['http://[fd12:3456:789a::1]/', 'unique_local'],
  ['http://[fe80::1]/', 'link_local'],
  ['http://[ff02::1]/', 'multicast'],
  ['http://[::ffff:127.0.0.1]/', 'loopback'], // IPv4-mapped
  ['http://[::ffff:7f00:1]/', 'loopback'],
  ['http://[::ffff:10.0.0.1]/', 'private'],
  ['http://[::ffff:169.254.169.254]/', 'metadata'],
  ['http://[64:ff9b::7f00:1]/', 'loopback'], // NAT64 of 127.0.0.1
  ['http://[64:ff9b::a9fe:a9fe]/', 'metadata'], // NAT64 of 169.254.169.254
  ['http://[64:ff9b:1::1]/', 'ipv6_special'],
  ['http://[2002:7f00:1::]/', 'loopback'], // 6to4 of 127.0.0.1
  ['http://[::127.0.0.1]/', 'ipv6_special'], // IPv4-compatible (deprecated)
  ['http://[2001:db8::1]/', 'documentation'],
  ['http://[2001::1]/', 'ipv6_special'], // Teredo
];

describe('checkWebhookUrl refuses internal targets in every notation', () => {
  it.each(refused)('%s → %s', (url, reason) => {
    const r = checkWebhookUrl(url);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe('refused_address');
      expect(r.message).toContain(reason);
    }
  });
});

const allowed = [
  'https://93.184.215.14/hook',
  'http://8.8.8.8:8080/cb',
  'https://1.1.1.1/',
  'http://172.32.0.1/', // just outside 172.16/12
  'http://100.128.0.1/', // just outside 100.64/10
  'http://198.20.0.1/', // just outside 198.18/15
  'https://[2606:4700:4700::1111]/hook',
  'https://[2a00:1450:4001:80b::200e]/',
  'https://[::ffff:8.8.8.8]/', // mapped public
  'https://[64:ff9b::808:808]/', // NAT64 of a public address
  'https://hooks.example.com/docrisk', // names are checked by DNS, later
];

describe('checkWebhookUrl allows public targets', () => {
  it.each(allowed)('%s', (url) => {
    expect(checkWebhookUrl(url).ok).toBe(true);
  });
});

describe('checkWebhookUrl syntax', () => {
  it.each([
    ['ftp://8.8.8.8/x', 'http or https'],
    ['file:///etc/passwd', 'http or https'],
    ['javascript:alert(1)', 'http or https'],
    ['https://user:pass@8.8.8.8/', 'credentials'],
    ['https://user@8.8.8.8/', 'credentials'],
    ['not a url', 'valid absolute URL'],
    ['/relative/path', 'valid absolute URL'],
  ])('%s', (url, msg) => {
    const r = checkWebhookUrl(url);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe('invalid_url');
      expect(r.message).toContain(msg);
    }
  });
});

describe('allow-private', () => {
  it('lifts loopback/private/link-local/CGNAT/ULA but never metadata, unspecified, multicast or reserved', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '172.20.0.1', '100.64.1.1', '169.254.3.4', '::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(refusalOf(ip, true), ip).toBeNull();
    }
    for (const ip of ['169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::', 'ff02::1']) {
      expect(refusalOf(ip, true), ip).not.toBeNull();
    }
    expect(checkWebhookUrl('http://localhost:8080/', true).ok).toBe(true);
  });
});

describe('embedded IPv4 and DNS check', () => {
  it('extracts mapped, NAT64 and 6to4 addresses', () => {
    expect(embeddedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIPv4('64:ff9b::a00:1')).toBe('10.0.0.1');
    expect(embeddedIPv4('2002:c0a8:101::1')).toBe('192.168.1.1');
    expect(embeddedIPv4('2606:4700::1')).toBeNull();
  });

  it('refuses a name when ANY of its addresses is refused (rebinding-style answers)', async () => {
    const fake = (addrs: string[]) => async () => addrs.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    // The operator's log gets address and reason; the message (shown to tenants) names only the host.
    await expect(resolveChecked('a.test', false, fake(['8.8.8.8', '10.0.0.5']))).rejects.toMatchObject({
      message: 'a.test resolves to a refused address',
      address: '10.0.0.5',
      reason: 'private',
    });
    await expect(resolveChecked('a.test', false, fake(['2606:4700::1', '::1']))).rejects.toMatchObject({ address: '::1', reason: 'loopback' });
    await expect(resolveChecked('a.test', false, fake(['8.8.8.8', '1.1.1.1']))).resolves.toHaveLength(2);
    await expect(resolveChecked('a.test', true, fake(['127.0.0.1']))).resolves.toHaveLength(1);
  });
});
