/// The Lua scripts; KEYS[1] is the session key and KEYS[2] the `#live` sorted set unless noted. Header bytes: 1–20
/// version, 21–36 expiry in ms, 37–52 write token. A write and a deletion are published on the channel named as the
/// session's key (the record written, or nothing), in the script that makes them (`RedisSubscriber`).
///
/// A session that ends (deleted, or found expired) leaves its version under its key: a tombstone, the header's first
/// 36 bytes with expiry 0, which every script reads as absent and `create` goes on from (the new session's version is
/// one above it), kept for the Redis TTL. Keys outlive their header expiry by a session TTL
/// (`RedisSessionStore.clock`), so an expired session's version is there too until a sweep leaves its tombstone.
@usableFromInline
enum RedisScripts {
    /// ARGV: now, redis ttl, new expiry (16 digits), id, set ttl → the record before the refresh, or nil.
    static let get = RedisScript(
        """
        local v = redis.call('GET', KEYS[1])
        if not v then return false end
        if tonumber(string.sub(v, 21, 36)) <= tonumber(ARGV[1]) then
          if #v > 36 then redis.call('SET', KEYS[1], string.sub(v, 1, 20) .. '0000000000000000', 'PX', ARGV[2]) end
          redis.call('ZREM', KEYS[2], ARGV[4])
          return false
        end
        redis.call('SETRANGE', KEYS[1], 20, ARGV[3])
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
        redis.call('ZADD', KEYS[2], tonumber(ARGV[3]), ARGV[4])
        redis.call('PEXPIRE', KEYS[2], ARGV[5])
        return v
        """)

    /// ARGV: record (its version field ignored), now, redis ttl, expiry, id, max sessions, token, set ttl, and for a
    /// claimed create (`CreationClaim`, KEYS[3] the claim's key) its fingerprint and retention in ms → the new
    /// session's version (1, or one above the session that ended under this key), 0 exists, -1 at capacity, or
    /// {"<id> <version> <fingerprint>"} when the claim was taken by an earlier create. The claim holds the end of its
    /// retention first, on the store's clock like the header's expiry.
    static let create = RedisScript(
        """
        if ARGV[9] then
          local c = redis.call('GET', KEYS[3])
          if c then
            local space = string.find(c, ' ', 1, true)
            if tonumber(string.sub(c, 1, space - 1)) > tonumber(ARGV[2]) then return {string.sub(c, space + 1)} end
          end
        end
        local v = redis.call('GET', KEYS[1])
        local version = 1
        if v then
          if tonumber(string.sub(v, 21, 36)) > tonumber(ARGV[2]) then
            if string.sub(v, 37, 52) == ARGV[7] then return tonumber(string.sub(v, 1, 20)) end
            return 0
          end
          version = tonumber(string.sub(v, 1, 20)) + 1
          redis.call('ZREM', KEYS[2], ARGV[5])
        end
        if redis.call('ZCOUNT', KEYS[2], '(' .. ARGV[2], '+inf') >= tonumber(ARGV[6]) then return -1 end
        redis.call('SET', KEYS[1], string.format('%020d', version) .. string.sub(ARGV[1], 21), 'PX', ARGV[3])
        redis.call('ZADD', KEYS[2], tonumber(ARGV[4]), ARGV[5])
        redis.call('PEXPIRE', KEYS[2], ARGV[8])
        if ARGV[9] then
          local claimed = string.format('%d %s %d ', tonumber(ARGV[2]) + tonumber(ARGV[10]), ARGV[5], version)
          redis.call('SET', KEYS[3], claimed .. ARGV[9], 'PX', ARGV[10])
        end
        return version
        """, isAcknowledgedWrite: true)

    /// ARGV: expected version field, record, now, redis ttl, expiry, id, token, set ttl, expected write token
    /// → 1 written, nil absent, or the current record when it is not the expected one (another write came first).
    /// A record holding this call's own token is its own write, sent again after a lost reply.
    @usableFromInline static let compareAndSet = RedisScript(
        """
        local v = redis.call('GET', KEYS[1])
        if (not v) or tonumber(string.sub(v, 21, 36)) <= tonumber(ARGV[3]) then return false end
        if string.sub(v, 37, 52) == ARGV[7] then return 1 end
        if string.sub(v, 1, 20) ~= ARGV[1] or string.sub(v, 37, 52) ~= ARGV[9] then return v end
        redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
        redis.call('ZADD', KEYS[2], tonumber(ARGV[5]), ARGV[6])
        redis.call('PEXPIRE', KEYS[2], ARGV[8])
        redis.call('PUBLISH', KEYS[1], ARGV[2])
        return 1
        """, isAcknowledgedWrite: true)

    /// ARGV: expected version header or empty, now, id, redis ttl → 1 deleted, nil absent, or the current version
    /// header.
    static let delete = RedisScript(
        """
        local v = redis.call('GET', KEYS[1])
        if not v then return false end
        if tonumber(string.sub(v, 21, 36)) <= tonumber(ARGV[2]) then
          if #v > 36 then redis.call('SET', KEYS[1], string.sub(v, 1, 20) .. '0000000000000000', 'PX', ARGV[4]) end
          redis.call('ZREM', KEYS[2], ARGV[3])
          return false
        end
        if ARGV[1] ~= '' and string.sub(v, 1, 20) ~= ARGV[1] then return string.sub(v, 1, 20) end
        redis.call('SET', KEYS[1], string.sub(v, 1, 20) .. '0000000000000000', 'PX', ARGV[4])
        redis.call('ZREM', KEYS[2], ARGV[3])
        redis.call('PUBLISH', KEYS[1], '')
        return 1
        """, isAcknowledgedWrite: true)

    /// `compareAndSet` and `delete` for a cluster: they publish with `SPUBLISH`, on the session's shard channel, which
    /// only its node and that node's replicas carry (`RedisShardSubscriber`); a plain `PUBLISH` would cross the whole
    /// cluster's bus.
    @usableFromInline static let shardedCompareAndSet = RedisScript(
        compareAndSet.text.replacing("'PUBLISH'", with: "'SPUBLISH'"), isAcknowledgedWrite: true)
    static let shardedDelete = RedisScript(delete.text.replacing("'PUBLISH'", with: "'SPUBLISH'"), isAcknowledgedWrite: true)

    /// KEYS[1]: the `#live` set. ARGV: now, key prefix, batch size, redis ttl → {ids looked at, sessions removed}.
    /// Touches session keys by name, which plain (non-cluster) Redis allows.
    static let sweep = RedisScript(
        """
        local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
        local removed = 0
        for _, id in ipairs(ids) do
          local key = ARGV[2] .. id
          local v = redis.call('GET', key)
          if v and tonumber(string.sub(v, 21, 36)) > tonumber(ARGV[1]) then
            redis.call('ZADD', KEYS[1], tonumber(string.sub(v, 21, 36)), id)
          else
            if v and #v > 36 then redis.call('SET', key, string.sub(v, 1, 20) .. '0000000000000000', 'PX', ARGV[4]) end
            redis.call('ZREM', KEYS[1], id)
            removed = removed + 1
          end
        end
        return {#ids, removed}
        """)

    /// KEYS[1]: the `#live` set. ARGV: now → the sessions whose expiry is ahead.
    static let liveCount = RedisScript(
        """
        return redis.call('ZCOUNT', KEYS[1], '(' .. ARGV[1], '+inf')
        """)
}
