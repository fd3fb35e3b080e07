import { BlockList, isIP } from 'node:net';

/**
 * A list of addresses and CIDR ranges (`185.71.76.0/27`, `77.75.156.11`, `2a02:5180::/32`) as node's
 * `BlockList`. Throws naming the first entry that is neither.
 */
export function addressRanges(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? null : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (
      family === 0 ||
      extra !== undefined ||
      Number.isNaN(prefix) ||
      (prefix ?? 0) > (family === 4 ? 32 : 128)
    ) {
      throw new Error(`«${entry}» is not an IP address or CIDR range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === null) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

/** Whether `address` (as `request.ip` gives it; an IPv4-mapped IPv6 counts as its IPv4) lies in `ranges`. */
export function addressIn(ranges: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  return ranges.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}
