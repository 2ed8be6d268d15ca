-- The window of Benchmarks/window-vs-love.sh: 1280×720 like fx's benchmark effect, no vsync.
function love.conf(t)
    t.window.title = "love: 100k particles"
    t.window.width, t.window.height, t.window.vsync = 1280, 720, 0
    t.modules.audio, t.modules.sound, t.modules.joystick, t.modules.physics = false, false, false, false
end
