"""A minimal client of `meeple serve` for the reliability tests
(tests/crash_test.py, tests/hostile_test.py): JSON over HTTP and a WebSocket
(RFC 6455) with nothing but the standard library.

The WebSocket sends text frames, masked as a client must, and reads frames
of any size; `send_frame` writes any frame at all (wrong opcodes, unmasked,
bad lengths), for tests that play a hostile client.
"""

import base64
import http.client
import json
import os
import socket
import struct


def request(port, method, path, body=None, timeout=30, source=None):
    """One HTTP request with a JSON body; returns (status, JSON or None).
    `source`: the local address to send from (any of 127.0.0.0/8)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                   source_address=(source, 0) if source else None)
    c.request(method, path, body=json.dumps(body) if body is not None else None,
              headers={"Content-Type": "application/json"})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, json.loads(data) if data else None


class Closed(ConnectionError):
    """The server closed the WebSocket: `code` is the close frame's status
    (None when the socket was cut without one), `reason` its reason."""

    def __init__(self, what, code=None, reason=""):
        super().__init__(what)
        self.code = code
        self.reason = reason  # the server puts its error code there


class WebSocket:
    """A minimal client (RFC 6455): text frames out, masked; frames in."""

    def __init__(self, port, path, timeout=10, rcvbuf=None, hello=True, source=None,
                 headers=None):
        """For brevity a seat's token may be named in the path
        ("/ws/tables/ID?token=T"): it is taken out of the address and sent in
        the hello, as the protocol wants (docs/protocol.md). With hello=False
        nothing is sent after the handshake. `source`: the local address to
        connect from (any of 127.0.0.0/8 on loopback); `headers`: extra
        handshake headers (e.g. Origin)."""
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            # Before connecting, so the window the server sees stays small.
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(timeout)
        try:
            if source:
                self.sock.bind((source, 0))
            self.sock.connect(("127.0.0.1", port))
        except OSError:
            self.sock.close()
            raise
        path, _, token = path.partition("?token=")
        key = base64.b64encode(os.urandom(16)).decode()
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           f"Upgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           f"Sec-WebSocket-Version: 13\r\n{extra}\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                self.sock.close()
                raise ConnectionError("closed during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            self.sock.close()
            raise ConnectionError("no upgrade: " + head.split(b"\r\n")[0].decode())
        self.buf = head.split(b"\r\n\r\n", 1)[1]
        if hello:
            self.send({"type": "hello", "token": token} if token else {"type": "hello"})

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed("closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send_frame(self, opcode, payload, fin=True, mask=True, rsv=0, length=None):
        """One frame as given; `length` overrides the length field (a lie)."""
        n = len(payload) if length is None else length
        head = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
        m = 0x80 if mask else 0
        if n < 126:
            head += bytes([m | n])
        elif n < 65536:
            head += bytes([m | 126]) + struct.pack(">H", n)
        else:
            head += bytes([m | 127]) + struct.pack(">Q", n)
        if mask:
            key = os.urandom(4)
            payload = key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + payload)

    def _send(self, opcode, payload):
        self.send_frame(opcode, payload)

    def send(self, obj):
        self._send(0x1, json.dumps(obj).encode())

    def send_text(self, data):
        """A text message of raw bytes (not necessarily JSON or UTF-8)."""
        self._send(0x1, data)

    def recv(self):
        """The next text message as JSON; answers pings; raises Closed on a
        close frame or end of stream."""
        return json.loads(self.recv_raw())

    def recv_raw(self):
        """As recv, the message's bytes unparsed."""
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                raise Closed("closed by the server", code, payload[2:].decode(errors="replace"))
            if opcode == 0x9:
                self._send(0xA, payload)
                continue
            if opcode in (0x1, 0x0):
                message += payload
                if b0 & 0x80:
                    return message

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass
