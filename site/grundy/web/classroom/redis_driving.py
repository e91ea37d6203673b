"""The projection shown to a class and the hand-over keys (:mod:`.driving`) in Redis, beside the
classes of :mod:`.redis_store`: :class:`RedisDrivingStore`, which does what
:class:`~.driving.DrivingStore` does in SQLite (the same tests run against both).

Keys, under the same prefix: ``grundy:class:<code>:driver`` (the shown projection's token
digest, expiring with the class); ``grundy:handover:<key digest>`` (a hash: the class, its
secret masked with the key, made, expires, state; kept :data:`~.driving.KEY_LIFETIME` plus
:data:`~.driving.KEPT` seconds, so a late try is told why); ``grundy:class:<code>:handover``
(the digest of the class's last key, which a newer key or "Revoke" ends). Offering a key
(revoking the last one) and taking one (once: two browsers racing for a key cannot both have it)
are each one Lua script.
"""
from __future__ import annotations

import hmac
import secrets
from typing import cast

import redis

from grundy.web.classroom.driving import (KEPT, KEY_LIFETIME, TOKEN_BYTES, Shown, State, Taken, _digest, _mask,  # one mask, one digest
                                          new_key)
from grundy.web.classroom.redis_store import PREFIX, class_key
from grundy.web.classroom.store import LIFETIME

# KEYS: the driver's key, the class's hash. ARGV: the token's digest, the lifetime of a class.
_DRIVE = """
local ttl = redis.call('PTTL', KEYS[2])
if ttl > 0 then redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl) else redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return 1
"""
_REVOKE = """
local last = redis.call('GET', KEYS[1])
if last and redis.call('HGET', ARGV[1] .. last, 'state') == 'open' then
  redis.call('HSET', ARGV[1] .. last, 'state', 'revoked')
end
return 1
"""
# KEYS: the class's last key, the new key's hash. ARGV: handover prefix, new digest, code, masked secret, made, expires, kept for.
_OFFER = """
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local last = redis.call('GET', KEYS[1])
if last and redis.call('HGET', ARGV[1] .. last, 'state') == 'open' then
  redis.call('HSET', ARGV[1] .. last, 'state', 'revoked')
end
redis.call('HSET', KEYS[2], 'code', ARGV[3], 'secret', ARGV[4], 'made', ARGV[5], 'expires', ARGV[6], 'state', 'open')
redis.call('EXPIRE', KEYS[2], ARGV[7])
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[7])
return 1
"""
_TAKE = """
local code, secret, state, expires = unpack(redis.call('HMGET', KEYS[1], 'code', 'secret', 'state', 'expires'))
if not code then return {'unknown', '', '', ''} end
if state == 'open' and tonumber(expires) > tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'state', 'used')
  return {'taken', code, secret, expires}
end
return {state, '', '', expires}
"""


class RedisDrivingStore:
    """The drivers and hand-over keys in Redis (see the module's docstring)."""

    def __init__(self, client: redis.Redis, prefix: str = PREFIX) -> None:
        self.client = client
        self.prefix = prefix
        self._drive, self._revoke, self._offer, self._take = (client.register_script(s) for s in (_DRIVE, _REVOKE, _OFFER, _TAKE))

    def _handover(self, digest: str = "") -> str:
        return f"{self.prefix}handover:{digest}"

    # -------------------------------------------------------------- the projection shown

    def drive(self, code: str, now: float) -> str:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self._drive(keys=[f"{class_key(self.prefix, code)}:driver", class_key(self.prefix, code)], args=[_digest(token), LIFETIME])
        return token

    def shown(self, code: str, token: str) -> Shown:
        kept = self.client.get(f"{class_key(self.prefix, code)}:driver")
        if kept is None:
            return "nobody"
        return "here" if token and len(token) <= 64 and hmac.compare_digest(cast(str, kept), _digest(token)) else "elsewhere"

    def drives(self, code: str, token: str) -> bool:
        return self.shown(code, token) == "here"

    # -------------------------------------------------------------- hand-over

    def offer(self, code: str, secret: str, now: float) -> str:
        while True:
            key = new_key()
            digest = _digest(key)
            masked = _mask(secret.encode(), key, code).hex()
            if self._offer(keys=[f"{class_key(self.prefix, code)}:handover", self._handover(digest)],
                           args=[self._handover(), digest, code, masked, repr(now), repr(now + KEY_LIFETIME), KEY_LIFETIME + KEPT]):
                return key

    def state(self, code: str, key: str, now: float) -> State:
        kept, state, expires = self.client.hmget(self._handover(_digest(key)), ("code", "state", "expires"))
        if kept != code:
            return "unknown"
        return "expired" if state == "open" and float(cast(str, expires)) <= now else cast(State, state)

    def expires(self, key: str) -> float:
        found = self.client.hget(self._handover(_digest(key)), "expires")
        return float(cast(str, found)) if found else 0.0

    def revoke(self, code: str) -> None:
        self._revoke(keys=[f"{class_key(self.prefix, code)}:handover"], args=[self._handover()])

    def take(self, key: str, now: float) -> Taken:
        said, code, masked, expires = self._take(keys=[self._handover(_digest(key))], args=[repr(now)])
        if said == "taken":
            return Taken("open", code, _mask(bytes.fromhex(masked), key, code).decode())
        if said == "open" and float(expires) <= now:
            return Taken("expired")
        return Taken(cast(State, said))


__all__ = ["RedisDrivingStore"]
