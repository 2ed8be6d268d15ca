-- LÖVE's side of Benchmarks/window-vs-love.sh: LÖVE 11.4's own ParticleSystem
-- (love.graphics.newParticleSystem), one system of 100 000 particles with a 16-pixel texture,
-- updated and drawn each frame — the scene of Benchmarks/window-100k.json: the whole 1280×720
-- screen emitting, 5–35 pixels a second in every direction, spinning up to 12 radians a second,
-- fading from (1, 0.2, 0.3) to (0.2, 0.8, 1) and out over a 3–7 s life. Filled before the first
-- frame (five seconds of updates), as fx's effect starts at its timeOffset. Prints
-- `window_fps program=love … fps` over [warmup, warmup + seconds] and quits.
-- Usage: love Benchmarks/love [seconds [warmup [count]]]
local seconds, warmup, count, system, frames, start = 10, 1, 100000, nil, 0, nil
function love.load(arguments)
    seconds, warmup, count = tonumber(arguments[1]) or seconds, tonumber(arguments[2]) or warmup, tonumber(arguments[3]) or count
    local pixels = love.image.newImageData(16, 16)
    pixels:mapPixel(function() return 1, 1, 1, 1 end)
    system = love.graphics.newParticleSystem(love.graphics.newImage(pixels), count)
    system:setPosition(640, 360)
    system:setEmissionArea("uniform", 640, 360)
    system:setEmissionRate(count / 5)
    system:setParticleLifetime(3, 7)
    system:setSpeed(5, 35)
    system:setSpread(2 * math.pi)
    system:setSpin(-12, 12)
    system:setColors(1, 0.2, 0.3, 1, 0.2, 0.8, 1, 0)
    for _ = 1, 300 do system:update(1 / 60) end
end
function love.update(dt)
    system:update(math.min(dt, 1 / 15))
end
function love.draw()
    love.graphics.clear(0.043, 0.063, 0.125, 1)
    love.graphics.draw(system)
    local clock = love.timer.getTime()
    start = start or clock + warmup
    if clock >= start then frames = frames + 1 end
    if clock - start >= seconds then
        local name, version, _, device = love.graphics.getRendererInfo()
        print(string.format("window_fps program=love particles=%d width=1280 height=720 %.2f fps", system:getCount(),
                            (frames - 1) / (clock - start)))
        io.stderr:write(string.format("love: %s %s, %s\n", name, version, device))
        io.stdout:flush()
        love.event.quit()
    end
end
