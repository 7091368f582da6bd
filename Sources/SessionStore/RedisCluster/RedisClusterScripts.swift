/// The scripts a cluster needs besides `RedisScripts` (which it runs unchanged, one session's keys in one slot):
/// claims, whose key has a slot of its own, and counting and sweeping, which go over every slot a master holds.
/// A script run on a cluster node may read and write any key of that node besides the keys it declares: the
/// per-master scripts declare none and are sent to the master itself.
enum RedisClusterScripts {
    /// KEYS[1]: the claim. ARGV: now, id, fingerprint, retention in ms → "mine" when the claim is (now, or already,
    /// from a first sending whose reply was lost) this create's, or {"<id> <version> <fingerprint>"} when an earlier
    /// create holds it. The claim is taken before the session is made: see `RedisSessionStore.createClaimed`.
    static let claim = RedisScript(
        """
        local c = redis.call('GET', KEYS[1])
        if c then
          local space = string.find(c, ' ', 1, true)
          if tonumber(string.sub(c, 1, space - 1)) > tonumber(ARGV[1]) then
            local rest = string.sub(c, space + 1)
            if string.sub(rest, 1, #ARGV[2] + 1) == ARGV[2] .. ' ' then return 'mine' end
            return {rest}
          end
        end
        local claimed = string.format('%d %s 1 ', tonumber(ARGV[1]) + tonumber(ARGV[4]), ARGV[2])
        redis.call('SET', KEYS[1], claimed .. ARGV[3], 'PX', ARGV[4])
        return 'mine'
        """, isAcknowledgedWrite: true)

    /// KEYS[1]: the claim. ARGV: id, version or empty → when the claim names session `id`: with a version, records it
    /// as the session's first version; without, removes the claim (its create made nothing). 1 done, 0 not this
    /// create's claim.
    static let settleClaim = RedisScript(
        """
        local c = redis.call('GET', KEYS[1])
        if not c then return 0 end
        local first = string.find(c, ' ', 1, true)
        local second = string.find(c, ' ', first + 1, true)
        if string.sub(c, first + 1, second - 1) ~= ARGV[1] then return 0 end
        if ARGV[2] == '' then
          redis.call('DEL', KEYS[1])
        else
          local third = string.find(c, ' ', second + 1, true)
          redis.call('SET', KEYS[1], string.sub(c, 1, second) .. ARGV[2] .. string.sub(c, third), 'KEEPTTL')
        end
        return 1
        """, isAcknowledgedWrite: true)

    /// ARGV: now, index prefix (`prefix#live`), then the hash tags of the master's slots → {the sessions whose expiry
    /// is ahead in those slots' indexes, then the position (from 0) among the tags of each index this node may not
    /// read}: one that left while its slot migrates, or whose slot moved since the caller read the map.
    static let count = RedisScript(
        """
        local counted = {0}
        for i = 3, #ARGV do
          local n = redis.pcall('ZCOUNT', ARGV[2] .. '{' .. ARGV[i] .. '}', '(' .. ARGV[1], '+inf')
          if type(n) == 'number' then counted[1] = counted[1] + n else counted[#counted + 1] = i - 3 end
        end
        return counted
        """)

    /// ARGV: now, key prefix, batch size, redis ttl, then the hash tags of the master's slots → {1 when some index
    /// had a full batch and took a step (sweep again), sessions removed, slots or sessions passed over}. As `RedisScripts.sweep`, per
    /// slot; an index or session that is not this node's to touch (see `count`) is left for a later sweep.
    static let sweep = RedisScript(
        """
        local removed = 0
        local full = 0
        local passed = 0
        for i = 5, #ARGV do
          local index = ARGV[2] .. '#live{' .. ARGV[i] .. '}'
          local ids = redis.pcall('ZRANGEBYSCORE', index, '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
          if ids.err then
            passed = passed + 1
            ids = {}
          end
          local handled = 0
          for _, id in ipairs(ids) do
            local key = ARGV[2] .. '{' .. id .. '}'
            local v = redis.pcall('GET', key)
            if type(v) == 'table' then
              passed = passed + 1
              handled = handled - 1
            elseif v and tonumber(string.sub(v, 21, 36)) > tonumber(ARGV[1]) then
              redis.call('ZADD', index, tonumber(string.sub(v, 21, 36)), id)
            else
              if v and #v > 36 then redis.call('SET', key, string.sub(v, 1, 20) .. '0000000000000000', 'PX', ARGV[4]) end
              redis.call('ZREM', index, id)
              removed = removed + 1
            end
            handled = handled + 1
          end
          if #ids == tonumber(ARGV[3]) and handled > 0 then full = 1 end
        end
        return {full, removed, passed}
        """)
}
