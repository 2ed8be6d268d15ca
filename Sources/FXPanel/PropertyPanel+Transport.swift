import CSDL2
import FXCore
import FXWindow

/// What the transport keeps between frames: whether its scrubber is held, and the last moment
/// it sent, so that a scrub sends a moment only when it changes and says when it ends.
struct TransportControls {
    /// The moment the held scrubber sent last; nil while it is not held.
    var scrubbedTo: Double?
    /// Where the scrubber is (window pixels) as the last frame built laid it out, and whether
    /// it is hovered or held; nil while it does not show.
    var bar: (x: Float, y: Float, width: Float, height: Float, lit: Bool)?
    /// The panel built its widgets this frame, the bar with them: nothing to draw over it.
    var barIsCurrent = false
}

/// The transport, under the numbers and above the tree: play or pause, restart, one step, the
/// speed, and a scrubber across the panel from 0 to the effect's duration with the animations'
/// keyframes marked. Each control sends a ``WindowTransport/Command`` that the window does with
/// its own keys' code (space, r, →, `[` `]`, a drag across the canvas), so both drive one
/// playback; the tooltips name the keys.
extension PropertyPanel {
    /// The scrubber's height, in pixels.
    static let scrubberHeight: Float = 14

    /// The two lines of the transport: its buttons, time and speed, then the scrubber. Always
    /// the same height (a row of buttons and the scrubber), so that nothing below moves.
    func drawTransport() {
        guard let transport else {
            transportControls.bar = nil
            return
        }
        let side = ImGui.lineHeight - 4
        if iconButton("##transport-play", icon: transport.isPaused ? .play : .pause, side: side) {
            transport.perform(.togglePause)
            logEvent?("panel transport " + (transport.isPaused ? "play" : "pause"))
        }
        reportRow("transport play")
        ImGui.tooltip(transport.isPaused ? "Play (space)" : "Pause (space)")
        ImGui.sameLine(spacing: 4)
        if iconButton("##transport-restart", icon: .restart, side: side) {
            transport.perform(.restart)
            logEvent?("panel transport restart")
        }
        reportRow("transport restart")
        ImGui.tooltip("Restart from 0 s (r)")
        ImGui.sameLine(spacing: 4)
        if iconButton("##transport-step", icon: .step, side: side) {
            transport.perform(.step)
            logEvent?("panel transport step")
        }
        reportRow("transport step")
        ImGui.tooltip(String(format: "Pause and take one step of %.4g s (\u{2192} while paused)", transport.stepDuration))
        ImGui.sameLine()
        drawTransportTime(transport)
        drawSpeed(transport)
        drawScrubber(transport)
    }

    /// The moment and the duration (or how far a seek is), at the buttons' right.
    private func drawTransportTime(_ transport: WindowTransport) {
        if let progress = transport.seekProgress {
            ImGui.text(String(format: "seeking %d%%", Int(progress * 100)), color: (1, 0.75, 0.4, 1))
        } else {
            ImGui.text(String(format: "%.2f / %g s", transport.time, transport.duration))
        }
        ImGui.tooltip("The effect's time and its duration; the scrubber below goes from 0 to the duration.")
    }

    /// The speed, dragged from 0.1× to 4× (double-click to type), and "1×", which gives real
    /// time back; at the right of the line.
    private func drawSpeed(_ transport: WindowTransport) {
        let resetLabel = "1\u{D7}##transport-speed-reset"
        let fieldWidth: Float = 58
        ImGui.sameLine()
        ImGui.alignRight(fieldWidth + ImGui.itemSpacing + ImGui.buttonWidth(resetLabel))
        var speed = Float(transport.speed)
        ImGui.nextItemWidth(fieldWidth)
        let range = Float(WindowTransport.speedRange.lowerBound)...Float(WindowTransport.speedRange.upperBound)
        if ImGui.dragFloat("##transport-speed", &speed, speed: 0.02, range: range, format: "%.2f\u{D7}"), Double(speed) != transport.speed {
            setSpeed(Double(speed), transport)
        }
        reportRow("transport speed")
        ImGui.tooltip("Playback speed, 0.1\u{D7} to 4\u{D7}: drag, or double-click to type. "
                      + "[ and ] step through 0.1\u{D7}, 0.25\u{D7}, 0.5\u{D7}, 1\u{D7}, 2\u{D7}.")
        ImGui.sameLine()
        ImGui.disabled(transport.speed == 1) {
            if ImGui.button(resetLabel) { setSpeed(1, transport) }
        }
        reportRow("transport reset speed")
        ImGui.tooltip("Back to real time (1\u{D7})")
    }

    private func setSpeed(_ speed: Double, _ transport: WindowTransport) {
        let clamped = min(max(speed, WindowTransport.speedRange.lowerBound), WindowTransport.speedRange.upperBound)
        transport.perform(.setSpeed(clamped))
        logEvent?(String(format: "panel transport speed %.2f", clamped))
    }

    /// The scrubber: a bar across the panel, 0 at its left and the duration at its right,
    /// filled to the time shown, with a tick where each keyframe falls. Pressing and dragging
    /// it scrubs: the window shows the moment under the pointer and holds it until the release.
    private func drawScrubber(_ transport: WindowTransport) {
        let width = ImGui.availableWidth
        ImGui.invisibleButton("##transport-scrubber", width: width, height: Self.scrubberHeight)
        reportRow("transport scrubber")
        let rect = ImGui.lastItemRect
        let duration = max(transport.duration, 0)
        let left = rect.x
        // Where the pointer is, as a moment (clamped to the bar).
        func moment(atX x: Float) -> Double {
            Double(min(max((x - left) / max(rect.width, 1), 0), 1)) * duration
        }
        let held = ImGui.isItemActive
        if held {
            let time = (moment(atX: ImGui.mousePosition.x) * 1000).rounded() / 1000
            if transportControls.scrubbedTo != time {
                transportControls.scrubbedTo = time
                transport.perform(.scrub(to: time))
                logEvent?(String(format: "panel transport scrub %.3f", time))
            }
        } else if transportControls.scrubbedTo != nil {
            transportControls.scrubbedTo = nil
            transport.perform(.endScrub)
            logEvent?("panel transport scrub end")
        }
        let hovered = ImGui.isItemHovered
        transportControls.bar = (rect.x, rect.y, rect.width, rect.height, lit: held || hovered)
        transportControls.barIsCurrent = true
        drawBar(transport) { left, top, width, height, color in
            ImGui.fillRect(left, top, left + width, top + height,
                           ImGui.packed(Double(color.0) / 255, Double(color.1) / 255, Double(color.2) / 255, Double(color.3) / 255))
        }
        if hovered && !held {
            ImGui.tooltip(String(format: "%.2f s: press to show this moment, drag to scrub (as a drag across the canvas). "
                                 + "Ticks: the animations' keyframes (%d).", moment(atX: ImGui.mousePosition.x),
                                 transport.keyframeMoments.count))
        }
    }

    /// Over the panel's picture in a frame that did not build it (an idle panel builds four
    /// times a second): the scrubber's bar again, at the place the last build gave it, with the
    /// time as the window has it now, so that the playhead moves smoothly. Not while the
    /// pointer is over the panel, where a tooltip in the picture may cover the bar.
    func drawScrubberBar(renderer: OpaquePointer) {
        defer { transportControls.barIsCurrent = false }
        guard !transportControls.barIsCurrent, let transport, let bar = transportControls.bar else { return }
        var mouseX: Int32 = 0, mouseY: Int32 = 0
        SDL_GetMouseState(&mouseX, &mouseY)
        if SDL_GetMouseFocus() != nil && Float(mouseX) >= bar.x - 10 { return }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        drawBar(transport) { left, top, width, height, color in
            SDL_SetRenderDrawColor(renderer, color.0, color.1, color.2, color.3)
            var rect = SDL_FRect(x: left, y: top, w: width, h: height)
            SDL_RenderFillRectF(renderer, &rect)
        }
    }

    /// The scrubber's bar as rectangles (left, top, width, height, RGBA) given to `fill`: the
    /// track, the time played, a tick where each keyframe falls (one per pixel column, however
    /// many fall in it), the playhead.
    private func drawBar(_ transport: WindowTransport, fill: (Float, Float, Float, Float, (UInt8, UInt8, UInt8, UInt8)) -> Void) {
        guard let bar = transportControls.bar, bar.width > 0 else { return }
        let duration = max(transport.duration, 0)
        let top = bar.y, bottom = bar.y + bar.height
        fill(bar.x, top + 3, bar.width, bar.height - 6, (51, 56, 69, 255))
        let shown = transportControls.scrubbedTo ?? transport.time
        let fraction = duration > 0 ? Float(min(max(shown / duration, 0), 1)) : 0
        let head = (bar.x + bar.width * fraction).rounded()
        fill(bar.x, top + 3, head - bar.x, bar.height - 6, (66, 133, 230, bar.lit ? 255 : 210))
        var lastColumn = -1
        for keyframe in transport.keyframeMoments where duration > 0 {
            let x = (bar.x + bar.width * Float(keyframe / duration)).rounded()
            guard Int(x) != lastColumn else { continue }
            lastColumn = Int(x)
            fill(x, top, 1, 4, (255, 209, 89, 235))
            fill(x, bottom - 4, 1, 4, (255, 209, 89, 235))
        }
        fill(head - 1, top, 3, bar.height, (217, 235, 255, 255))
    }

    /// The shapes of the transport's buttons.
    enum TransportIcon {
        case play, pause, restart, step
    }

    /// A square button of `side` pixels with `icon` drawn on it; true when clicked.
    private func iconButton(_ id: String, icon: TransportIcon, side: Float) -> Bool {
        let clicked = ImGui.invisibleButton(id, width: side + 6, height: side)
        let rect = ImGui.lastItemRect
        let alpha = ImGui.isItemActive ? 1 : ImGui.isItemHovered ? 0.85 : 0.4
        ImGui.fillRect(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, ImGui.packed(0.26, 0.59, 0.98, alpha))
        let color = ImGui.packed(0.92, 0.95, 1)
        let centerX = rect.x + rect.width / 2, centerY = rect.y + rect.height / 2
        let size = rect.height * 0.26
        switch icon {
        case .play:
            ImGui.fillTriangle((centerX - size * 0.8, centerY - size), (centerX - size * 0.8, centerY + size),
                               (centerX + size, centerY), color)
        case .pause:
            ImGui.fillRect(centerX - size, centerY - size, centerX - size * 0.3, centerY + size, color)
            ImGui.fillRect(centerX + size * 0.3, centerY - size, centerX + size, centerY + size, color)
        case .restart:
            // A bar, then a triangle pointing to it: back to the start.
            ImGui.fillRect(centerX - size * 1.1, centerY - size, centerX - size * 0.6, centerY + size, color)
            ImGui.fillTriangle((centerX + size, centerY - size), (centerX + size, centerY + size), (centerX - size * 0.5, centerY), color)
        case .step:
            // A triangle, then a bar: one step forward.
            ImGui.fillTriangle((centerX - size, centerY - size), (centerX - size, centerY + size), (centerX + size * 0.5, centerY), color)
            ImGui.fillRect(centerX + size * 0.6, centerY - size, centerX + size * 1.1, centerY + size, color)
        }
        return clicked
    }
}
