#!/usr/bin/env python3
"""Writes a Tiled XML map of SIDE x SIDE floor cells whose terrain layer is a zlib "bomb": about
1.4 MB of text at 16384x16384 that inflates to 1 GiB of tile ids (the file of issue #37), for
measuring `catacomb validate` on it with /usr/bin/time (docs/performance.md):

    bench/tiled_bomb.py 16384 /tmp/bomb.tmx
    /usr/bin/time -v build/release/catacomb validate /tmp/bomb.tmx --max-memory 1000   # refused
    /usr/bin/time -v build/release/catacomb validate /tmp/bomb.tmx                     # validated

The same file as tests/support/layer_encoding.hpp's floor_bomb_tmx: one 256 KiB chunk of gid 2
(floor) compressed once, ended by a full flush, and repeated; a start at (1, 1), an exit at
(SIDE - 2, SIDE - 2).
"""
import base64
import struct
import sys
import zlib


def repeated_zlib(chunk: bytes, repeats: int) -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    block = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    one = zlib.adler32(chunk)
    adler = one
    for _ in range(1, repeats):  # adler32_combine, by hand: fold the chunk in again
        adler = zlib.adler32(chunk, adler)
    return b"\x78\xda" + block * repeats + b"\x03\x00" + struct.pack(">I", adler)


def main() -> int:
    if len(sys.argv) != 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) % 256:
        print("usage: tiled_bomb.py SIDE OUT.tmx (SIDE a multiple of 256)", file=sys.stderr)
        return 2
    side = int(sys.argv[1])
    chunk = struct.pack("<I", 2) * (1 << 16)
    data = base64.b64encode(repeated_zlib(chunk, side * side * 4 // len(chunk))).decode()
    far = (side - 2) * 8 + 4
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
                f'renderorder="right-down" width="{side}" height="{side}" tilewidth="8" tileheight="8" infinite="0">\n'
                ' <tileset firstgid="1" name="terrain" tilewidth="8" tileheight="8" tilecount="2" columns="2">\n'
                '  <tile id="0"><properties><property name="terrain" value="wall"/></properties></tile>\n'
                '  <tile id="1"><properties><property name="terrain" value="floor"/></properties></tile>\n'
                f' </tileset>\n <layer id="1" name="terrain" width="{side}" height="{side}">\n'
                f'  <data encoding="base64" compression="zlib">{data}</data>\n </layer>\n'
                ' <objectgroup id="2" name="objectives">\n'
                '  <object id="1" name="start" class="start" x="12" y="12"><point/></object>\n'
                f'  <object id="2" name="exit" class="exit" x="{far}" y="{far}"><point/></object>\n'
                ' </objectgroup>\n</map>\n')
    return 0


if __name__ == "__main__":
    sys.exit(main())
