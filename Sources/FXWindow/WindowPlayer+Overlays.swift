import CSDL2
import FXCore
import FXSDL
import Foundation

extension WindowPlayer {
    /// Which overlays show: the HUD (h), and until when the time bar lingers after the pointer
    /// or a speed change showed it.
    struct OverlayState {
        var showsHUD: Bool
        var showsTimeBarUntil = 0.0
        /// Where the effect's keyframes fall (``WindowPlayer/keyframeMoments(of:)``): found when
        /// the effect is loaded, marked on the time bar.
        var keyframeMoments: [Double] = []
        /// Why the last frame could not be drawn (a memory limit passed), shown until a frame is.
        var frameError: String?

        /// How long the time bar stays after what showed it, in seconds of the window's clock.
        static let timeBarLingers = 1.5

        /// Shows the time bar from `clock` for ``timeBarLingers`` seconds.
        mutating func showTimeBar(at clock: Double) {
            showsTimeBarUntil = clock + Self.timeBarLingers
        }
    }

    /// Draws over the effect: the time bar while scrubbing, paused or lingering, the HUD, the
    /// last load error, and the recording dot.
    func drawOverlays(_ state: LoopState, clock: Double, on screen: Screen) {
        let renderer = screen.renderer, font = screen.font
        if state.pointer.isScrubbing || state.player.isPaused || clock < state.overlays.showsTimeBarUntil {
            drawTimeBar(renderer, time: state.player.time, font: font, scrubbing: state.pointer.isScrubbing, speed: state.player.speed,
                        keyframeMoments: state.overlays.keyframeMoments)
        }
        if state.overlays.showsHUD {
            let measurements = state.measurements
            drawHUD(renderer, player: state.player, measurements: measurements,
                    panelMilliseconds: state.panel.isShown ? state.panel.panel?.shownMilliseconds : nil, drawing: screen.drawingSummary, font: font)
        }
        if let error = state.reload.loadError {
            drawError(renderer, error: error, font: font)
        } else if let message = state.overlays.frameError {
            drawErrorPanel(renderer, title: "This frame cannot be drawn; fix the file and it reloads:", messages: [message], font: font)
        }
        if state.recording.recorder != nil { drawRecordingDot(renderer) }
        if state.editing.showsHelp { drawHelp(renderer, font: font) }
    }

    /// The `?` overlay: every key and gesture (``keyBindings``), over a dark panel: the keys in
    /// a column as wide as the widest, each action wrapped at spaces to the panel's width.
    func drawHelp(_ renderer: OpaquePointer, font: Font?) {
        let canvas = canvasSize()
        let lineHeight = 17.0, margin = 10.0
        let panelWidth = Double(canvas.width) - 16
        let measure = { (text: String) in Double(font?.measure(text).width ?? text.count * 7) }
        let keyColumn = min((Self.keyBindings.map { measure($0.keys) }.max() ?? 0) + 14, panelWidth * 0.45)
        let actionWidth = max(panelWidth - keyColumn - 2 * margin, 40)
        // Each binding's rows: its action broken at spaces where the next word would not fit.
        let rows = Self.keyBindings.map { binding -> (keys: String, lines: [String]) in
            var lines: [String] = []
            for word in binding.action.split(separator: " ") {
                if let last = lines.last, measure(last + " " + word) <= actionWidth {
                    lines[lines.count - 1] = last + " " + word
                } else {
                    lines.append(String(word))
                }
            }
            return (binding.keys, lines)
        }
        let lineCount = rows.reduce(1) { $0 + $1.lines.count }
        let height = min(Double(canvas.height) - 16, Double(lineCount) * lineHeight + 16)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 12, 14, 22, 230)
        var panel = SDL_FRect(x: 8, y: 8, w: Float(panelWidth), h: Float(height))
        SDL_RenderFillRectF(renderer, &panel)
        let left = 8 + margin, bottom = 8 + height
        try? font?.draw("Keys and gestures (? or Esc closes)", x: left, y: 16, color: (150, 190, 255, 255), renderer: renderer)
        var y = 16 + lineHeight
        for (index, row) in rows.enumerated() {
            // A canvas too small for the whole list ends it with where the rest is.
            let room = Int((bottom - y) / lineHeight)
            if room < row.lines.count || (index < rows.count - 1 && room == row.lines.count) {
                try? font?.draw("… the rest: fx play --help", x: left, y: y, color: (150, 190, 255, 255), renderer: renderer)
                break
            }
            try? font?.draw(row.keys, x: left, y: y, color: (255, 255, 255, 255), renderer: renderer)
            for line in row.lines {
                try? font?.draw(line, x: left + keyColumn, y: y, color: (200, 200, 210, 255), renderer: renderer)
                y += lineHeight
            }
        }
    }

    /// The time indicator: a bar along the bottom of the canvas, filled to the current time
    /// within the duration, with the time and speed written on it.
    func drawTimeBar(_ renderer: OpaquePointer, time: Double, font: Font?, scrubbing: Bool, speed: Double, keyframeMoments: [Double]) {
        let canvas = canvasSize()
        let barHeight: Float = 26
        let duration = max(effectDuration, 1e-9)
        let fraction = Float(min(max(time / duration, 0), 1))
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 150)
        var track = SDL_FRect(x: 0, y: canvas.height - barHeight, w: canvas.width, h: barHeight)
        SDL_RenderFillRectF(renderer, &track)
        SDL_SetRenderDrawColor(renderer, 90, 170, 255, scrubbing ? 230 : 160)
        var filled = SDL_FRect(x: 0, y: canvas.height - 4, w: canvas.width * fraction, h: 4)
        SDL_RenderFillRectF(renderer, &filled)
        // Where the animations' keyframes fall (and the others begin and end): small marks.
        SDL_SetRenderDrawColor(renderer, 255, 210, 90, 200)
        for moment in keyframeMoments where (0...duration).contains(moment) {
            var mark = SDL_FRect(x: canvas.width * Float(moment / duration) - 0.5, y: canvas.height - 10, w: 1, h: 6)
            SDL_RenderFillRectF(renderer, &mark)
        }
        SDL_SetRenderDrawColor(renderer, 90, 170, 255, scrubbing ? 230 : 160)
        var head = SDL_FRect(x: canvas.width * fraction - 1.5, y: canvas.height - barHeight, w: 3, h: barHeight)
        SDL_RenderFillRectF(renderer, &head)
        let speedNote = speed == 1 ? "" : "  \(speedLabel(speed))"
        let label = "t \(formatTime(time)) s / \(formatTime(effectDuration)) s\(speedNote)" + (scrubbing ? "  scrubbing" : "  drag to scrub")
        try? font?.draw(label, x: 8, y: Double(canvas.height - barHeight + 4), color: (255, 255, 255, 230), renderer: renderer)
    }

    /// The heads-up display: frames per second and a frame's split (simulate: the steps it made
    /// due; build: the draw list; submit: handing it to SDL; present: overlays and
    /// SDL_RenderPresent, where the driver draws), what draws the effect, particles per emitter,
    /// time, seed, rates.
    fileprivate func hudLines(player: EffectPlayer, measurements: Measurements, panelMilliseconds: Double?, drawing: String?) -> [String] {
        var lines = [
            String(format: "%.1f fps   a step %.3f ms", measurements.shownFPS, measurements.shownStepMilliseconds)
                + (panelMilliseconds.map { String(format: "   panel %.2f ms", $0) } ?? ""),
            // A frame's split on two lines, so that the HUD stays narrower than a small canvas.
            String(format: "simulate %.2f ms   build %.2f ms", measurements.shownSimulate, measurements.shownBuild),
            String(format: "submit %.2f ms   present %.2f ms", measurements.shownSubmit, measurements.shownPresent),
        ] + (drawing.map { [$0] } ?? []) + [
            "t \(formatTime(player.time)) s   seed \(player.seed)   \(Int(player.stepRate)) steps/s   speed \(speedLabel(player.speed))",
        ]
        let particles = player.stats.particlesByLayer
        for entry in player.effect.allLayers() where entry.layer.type == .emitter {
            lines.append("\(entry.layer.identifier): \(particles[entry.layer.identifier] ?? 0) particles")
        }
        return lines
    }

    /// - Parameters:
    ///   - panelMilliseconds: the property panel's cost per frame, while it shows.
    ///   - drawing: what draws the effect, and why (``Screen/drawingSummary``).
    func drawHUD(_ renderer: OpaquePointer, player: EffectPlayer, measurements: Measurements, panelMilliseconds: Double? = nil,
                 drawing: String? = nil, font: Font?) {
        guard let font else { return }
        let lines = hudLines(player: player, measurements: measurements, panelMilliseconds: panelMilliseconds, drawing: drawing)
        let lineHeight = 17.0
        let width = (lines.map { font.measure($0).width }.max() ?? 0) + 16
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 170)
        var panel = SDL_FRect(x: 6, y: 6, w: Float(width), h: Float(Double(lines.count) * lineHeight + 10))
        SDL_RenderFillRectF(renderer, &panel)
        for (index, line) in lines.enumerated() {
            try? font.draw(line, x: 14, y: 11 + Double(index) * lineHeight, color: (235, 240, 255, 255), renderer: renderer)
        }
    }

    /// The last load error over the bottom of the canvas, in red, until a good save clears it.
    func drawError(_ renderer: OpaquePointer, error: EffectLoadError, font: Font?) {
        // File names without their folders, and long messages wrapped to the canvas width.
        let messages = error.diagnostics.filter { $0.severity == .error }.prefix(4).map { diagnostic -> String in
            var short = diagnostic
            short.file = (diagnostic.file as NSString).lastPathComponent
            return short.description
        }
        drawErrorPanel(renderer, title: "Reload failed; still playing the last good version:", messages: messages, font: font)
    }

    /// A red panel at the bottom of the canvas: `title`, then `messages` wrapped to the canvas
    /// width (at most nine lines in all).
    func drawErrorPanel(_ renderer: OpaquePointer, title: String, messages: [String], font: Font?) {
        let canvas = canvasSize()
        let columns = max(20, Int(canvas.width / 7.5))
        var lines = [title]
        for message in messages {
            // At spaces, so that no word is cut in two (``wrap(_:columns:)``).
            lines += Self.wrap(message, columns: columns).prefix(max(0, 9 - lines.count))
        }
        let lineHeight: Float = 17
        let height = Float(lines.count) * lineHeight + 12
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 120, 10, 20, 225)
        var panel = SDL_FRect(x: 0, y: canvas.height - height - 30, w: canvas.width, h: height)
        SDL_RenderFillRectF(renderer, &panel)
        for (index, line) in lines.enumerated() {
            try? font?.draw(line, x: 8, y: Double(panel.y + 6 + Float(index) * lineHeight), color: (255, 235, 235, 255), renderer: renderer)
        }
    }

    /// A red dot in the top-right corner while recording.
    func drawRecordingDot(_ renderer: OpaquePointer) {
        let canvas = canvasSize()
        SDL_SetRenderDrawColor(renderer, 230, 30, 40, 255)
        var dot = SDL_FRect(x: canvas.width - 22, y: 10, w: 12, h: 12)
        SDL_RenderFillRectF(renderer, &dot)
    }

    func speedLabel(_ speed: Double) -> String {
        speed == speed.rounded() ? "\(Int(speed))×" : "\(speed)×"
    }

    /// The canvas in whole points: the overlays' area (the renderer's logical size is wider
    /// while the panel shows beside the canvas).
    fileprivate func canvasSize() -> (width: Float, height: Float) {
        let pixels = effect.canvas.size.wholePixels
        return (Float(pixels.width), Float(pixels.height))
    }
}

