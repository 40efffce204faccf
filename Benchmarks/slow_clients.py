"""Slow clients for the soak: keeps N connections that send half a request head and then
nothing, reopening each one the server closes, for a fixed time.

    slow_clients.py HOST PORT [--connections 64] [--duration 60] [--report FILE]

At the end it writes one line: how many it opened, how many the server closed, and the
longest time the server held one. A server with an idle timeout closes each within it;
one without holds them all until the end.
"""
import argparse
import selectors
import socket
import time

HEAD = b"GET /screens/profile/42 HTTP/1.1\r\nHost: soak\r\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--report")
    options = parser.parse_args()
    selector = selectors.DefaultSelector()
    opened = closed = 0
    longest = 0.0

    def open_one():
        nonlocal opened
        connection = socket.create_connection((options.host, options.port), timeout=10)
        connection.sendall(HEAD)
        connection.setblocking(False)
        selector.register(connection, selectors.EVENT_READ, time.monotonic())
        opened += 1

    end = time.monotonic() + options.duration
    for _ in range(options.connections):
        open_one()
    while time.monotonic() < end:
        for key, _ in selector.select(timeout=0.5):
            try:
                data = key.fileobj.recv(4096)
            except (ConnectionResetError, BlockingIOError):
                data = b""
            if data:
                continue  # an answer to half a head would be a bug; the close follows
            held = time.monotonic() - key.data
            longest = max(longest, held)
            closed += 1
            selector.unregister(key.fileobj)
            key.fileobj.close()
            open_one()
    # Those still open at the end have been held this long so far.
    now = time.monotonic()
    still_open = [now - key.data for key in selector.get_map().values()]
    longest = max([longest] + still_open)
    line = f"slow clients: {opened} opened, {closed} closed by the server, longest held {longest:.1f} s"
    print(line)
    if options.report:
        with open(options.report, "w") as file:
            file.write(f"{opened} {closed} {longest:.1f}\n")


if __name__ == "__main__":
    main()
