"""Clients whose connections the server must close after one answer: each opens a socket,
sends one request that HTTP/1 closes after the response (`Connection: Close`) or a head
of 90 KiB, over the server's 80 KiB limit (`400`), and times how long the server takes to answer
and close it. Run beside wrk to see that closes stay prompt under load.

    closing_clients.py PORT [--connections 200] [--rounds 3] [--kind mix|close|long]

One line a round: how many the server closed, the slowest and the median close, and the
status lines it answered. A connection still open after 40 s counts as held.
"""
import argparse
import selectors
import socket
import time

CLOSE = b"GET /screens/profile/42 HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n"
LONG = b"GET /screens/profile/42 HTTP/1.1\r\nHost: a\r\nX-Long: " + b"a" * (90 * 1024) + b"\r\n\r\n"


def round_of(port, count, kind):
    selector = selectors.DefaultSelector()
    opened = {}
    for index in range(count):
        request = CLOSE if kind == "close" or (kind == "mix" and index % 2 == 0) else LONG
        connection = socket.create_connection(("127.0.0.1", port))
        opened[connection] = time.monotonic()
        try:
            connection.sendall(request)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered a long head at its limit and closed before its end
        connection.setblocking(False)
        selector.register(connection, selectors.EVENT_READ)
    closes, statuses = [], set()
    deadline = time.monotonic() + 40
    while len(closes) < count and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=1):
            connection = key.fileobj
            try:
                data = connection.recv(65536)
            except BlockingIOError:
                continue
            except (ConnectionResetError, BrokenPipeError):
                data = b""
            if data:
                if data.startswith(b"HTTP/"):
                    statuses.add(data.split(b"\r\n", 1)[0].decode())
                continue
            closes.append(time.monotonic() - opened[connection])
            selector.unregister(connection)
            connection.close()
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    closes.sort()
    slowest = closes[-1] if closes else 0.0
    median = closes[len(closes) // 2] if closes else 0.0
    print(f"{kind}: {len(closes)}/{count} closed by the server; slowest {slowest * 1000:.0f} ms, "
          f"median {median * 1000:.0f} ms; {sorted(statuses)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kind", choices=["mix", "close", "long"], default="mix")
    options = parser.parse_args()
    for _ in range(options.rounds):
        round_of(options.port, options.connections, options.kind)


if __name__ == "__main__":
    main()
