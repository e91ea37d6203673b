"""Slow clients for a load measurement (not a test): N sockets to a server on this machine, each
sending one more header line every 2 seconds and never finishing its request, for S seconds.

    python bench/slow_clients.py 40 8000 25 &   # then: wrk -t2 -c10 -d12s --latency http://127.0.0.1:8000/

Only 127.0.0.1 is ever a target; the loop stops by itself after S seconds.
"""
import socket
import sys
import time

n, port, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
socks = []
for _ in range(n):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
    socks.append(s)
end = time.time() + seconds
while time.time() < end:
    for s in socks:
        try:
            s.sendall(b"X-Slow: 1\r\n")
        except OSError:
            pass
    time.sleep(2)
for s in socks:
    s.close()
