-- LÖVE's side of Benchmarks/window-vs-love.sh: 100 000 textured quads like
-- Benchmarks/window-100k.json's (64×32 at scale 0.1–0.3, 5–35 points a second, spinning, on the
-- screen), each moved, spun and recoloured every frame in one SpriteBatch. Prints
-- `window_fps program=love … fps` over [warmup, warmup + seconds] and quits.
-- Usage: love Benchmarks/love [seconds [warmup [count]]]
local seconds, warmup, count, batch, p, frames, clock, start = 10, 1, 100000, nil, {}, 0, 0, nil
function love.load(arguments)
    seconds, warmup, count = tonumber(arguments[1]) or seconds, tonumber(arguments[2]) or warmup, tonumber(arguments[3]) or count
    local pixels = love.image.newImageData(64, 32)
    pixels:mapPixel(function() return 1, 1, 1, 1 end)
    batch = love.graphics.newSpriteBatch(love.graphics.newImage(pixels), count, "stream")
    for i = 1, count do
        local a = love.math.random() * 2 * math.pi
        local v = 5 + love.math.random() * 30
        p[i] = {x = love.math.random() * 1280, y = love.math.random() * 720, vx = math.cos(a) * v, vy = math.sin(a) * v,
                r = 0, spin = (love.math.random() - 0.5) * 12, s = 0.1 + love.math.random() * 0.2, c = love.math.random()}
        batch:add(0, 0)
    end
end
function love.update(dt)
    dt = math.min(dt, 1 / 15)
    for i = 1, count do
        local q = p[i]
        q.x, q.y, q.r = (q.x + q.vx * dt) % 1280, (q.y + q.vy * dt) % 720, q.r + q.spin * dt
        batch:setColor(1, 0.2 + 0.6 * q.c, 0.3 + 0.5 * (1 - q.c), 0.5 + 0.5 * q.c)
        batch:set(i, q.x, q.y, q.r, q.s, q.s, 32, 16)
    end
end
function love.draw()
    love.graphics.clear(0, 0, 0, 1)
    love.graphics.draw(batch)
    clock = love.timer.getTime()
    start = start or clock + warmup
    if clock >= start then frames = frames + 1 end
    if clock - start >= seconds then
        local name, version, vendor, device = love.graphics.getRendererInfo()
        print(string.format("window_fps program=love particles=%d width=1280 height=720 %.2f fps", count, (frames - 1) / (clock - start)))
        io.stderr:write(string.format("love: %s %s, %s\n", name, version, device))
        io.stdout:flush()
        love.event.quit()
    end
end
