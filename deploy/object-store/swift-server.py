#!/usr/bin/python3
"""
An S3-compatible object store on one machine: OpenStack Swift from Debian's packages with its S3
middleware (s3api), all in one folder, on loopback (object-store.cjs starts it).

    swift-server.py prepare <dir> <proxy port> <access key id> <secret key>
        writes the configuration into <dir>/etc (every start: the ports may change) and builds
        the one-replica rings the first time (or when the ports changed); the objects live in
        <dir>/devices, kept between runs.
    swift-server.py run <dir> <proxy|account|container|object>
        runs one of the four servers in the foreground until it is signalled (whoever started it
        stops it).

The storage servers listen on the proxy's port + 1, + 2 and + 3, memcached (tempauth keeps its
tokens there) on + 4. Nothing under /etc/swift is read: Swift takes its hash suffix and storage
policies from one global file, so both are pointed at <dir>/etc before a server starts.
The S3 client signs with `<access key id>` (tempauth's `account:user`) and `<secret key>`.
"""
import os
import secrets
import sys

from swift.common import storage_policy, utils
from swift.common.ring import RingBuilder
from swift.common.wsgi import run_wsgi

SERVERS = ('proxy', 'account', 'container', 'object')
STORAGE = ('account', 'container', 'object')


def paths(folder):
    folder = os.path.abspath(folder)
    return {
        'etc': os.path.join(folder, 'etc'),
        'devices': os.path.join(folder, 'devices'),
        'cache': os.path.join(folder, 'cache'),
    }


def write(path, text):
    temporary = path + '.tmp'
    with open(temporary, 'w') as out:
        out.write(text)
    os.replace(temporary, path)


def common(where, port):
    # recon_cache_path: Swift's default is /var/cache/swift, which its updaters cannot write here.
    return (
        '[DEFAULT]\n'
        'bind_ip = 127.0.0.1\n'
        'bind_port = %d\n'
        'workers = 0\n'
        'swift_dir = %s\n'
        'devices = %s\n'
        'mount_check = false\n'
        'recon_cache_path = %s\n'
        'log_level = WARNING\n'
    ) % (port, where['etc'], where['devices'], where['cache'])


def prepare(folder, proxy_port, access_key_id, secret_key):
    where = paths(folder)
    for path in where.values():
        os.makedirs(path, exist_ok=True)
    os.makedirs(os.path.join(where['devices'], 'd1'), exist_ok=True)
    suffix_file = os.path.join(where['etc'], 'hash-suffix')
    # The hash suffix places every object on disk: made once, kept with the objects.
    if not os.path.exists(suffix_file):
        write(suffix_file, secrets.token_hex(16))
    with open(suffix_file) as source:
        suffix = source.read().strip()
    write(
        os.path.join(where['etc'], 'swift.conf'),
        '[swift-hash]\nswift_hash_path_suffix = %s\n\n'
        '[storage-policy:0]\nname = gold\ndefault = yes\n' % suffix,
    )
    account, user = access_key_id.split(':', 1)
    memcached = proxy_port + 4
    write(
        os.path.join(where['etc'], 'proxy-server.conf'),
        common(where, proxy_port)
        + '\n[pipeline:main]\n'
        'pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats '
        's3api tempauth copy slo dlo proxy-logging proxy-server\n\n'
        '[app:proxy-server]\nuse = egg:swift#proxy\naccount_autocreate = true\n\n'
        '[filter:tempauth]\nuse = egg:swift#tempauth\nuser_%s_%s = %s .admin\n\n'
        '[filter:s3api]\nuse = egg:swift#s3api\nlocation = us-east-1\n\n'
        '[filter:cache]\nuse = egg:swift#memcache\nmemcache_servers = 127.0.0.1:%d\n\n'
        '[filter:catch_errors]\nuse = egg:swift#catch_errors\n\n'
        '[filter:gatekeeper]\nuse = egg:swift#gatekeeper\n\n'
        '[filter:healthcheck]\nuse = egg:swift#healthcheck\n\n'
        '[filter:proxy-logging]\nuse = egg:swift#proxy_logging\n\n'
        '[filter:listing_formats]\nuse = egg:swift#listing_formats\n\n'
        '[filter:copy]\nuse = egg:swift#copy\n\n'
        '[filter:slo]\nuse = egg:swift#slo\n\n'
        '[filter:dlo]\nuse = egg:swift#dlo\n' % (account, user, secret_key, memcached),
    )
    for offset, server in enumerate(STORAGE, start=1):
        write(
            os.path.join(where['etc'], '%s-server.conf' % server),
            common(where, proxy_port + offset)
            + '\n[pipeline:main]\npipeline = %s-server\n\n'
            '[app:%s-server]\nuse = egg:swift#%s\n' % (server, server, server),
        )
        build_ring(where, server, proxy_port + offset)


def build_ring(where, server, port):
    """A ring of one device with one replica: everything on <dir>/devices/d1 (rebuilt when its port changed)."""
    builder_file = os.path.join(where['etc'], '%s.builder' % server)
    ring_file = os.path.join(where['etc'], '%s.ring.gz' % server)
    if os.path.exists(builder_file) and os.path.exists(ring_file):
        builder = RingBuilder.load(builder_file)
        if all(device['port'] == port for device in builder.devs if device):
            return
    builder = RingBuilder(8, 1, 1)
    builder.add_dev({
        'id': 0, 'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': port,
        'device': 'd1', 'weight': 100, 'meta': '',
    })
    builder.rebalance()
    builder.save(builder_file)
    builder.get_ring().save(ring_file)


def run(folder, server):
    where = paths(folder)
    utils.set_swift_dir(where['etc'])
    storage_policy.reload_storage_policies()
    # verbose: warnings go to stderr (there is no syslog socket to send them to).
    return run_wsgi(os.path.join(where['etc'], '%s-server.conf' % server), '%s-server' % server, verbose=True)


def main(argv):
    if len(argv) == 6 and argv[1] == 'prepare':
        prepare(argv[2], int(argv[3]), argv[4], argv[5])
        return 0
    if len(argv) == 4 and argv[1] == 'run' and argv[3] in SERVERS:
        return run(argv[2], argv[3])
    sys.stderr.write(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
