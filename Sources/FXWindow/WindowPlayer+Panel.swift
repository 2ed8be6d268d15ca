import CSDL2
import FXCore

extension WindowPlayer {
    /// The property panel (Tab, `--panel`): whether it shows, and the panel itself, made by
    /// ``Options/makePanel`` the first time it shows (so a window that never shows it never
    /// starts Dear ImGui).
    struct PanelState {
        var isShown = false
        /// Tab was pressed: the window changes its layout before the next frame is drawn.
        var toggleRequested = false
        var panel: (any WindowPanel)?
        /// The height the window had before the panel made it taller, and the height it made:
        /// hiding the panel gives the first back while the window still has the second.
        var heightChange: (before: Int32, after: Int32)?
        /// An edit that cannot change live asks for the effect to be played again from the
        /// edited text (set while the panel draws, done right after).
        let pendingReload = PendingReload()
    }

    /// What the panel asks of the window while it draws, and what the window's keys ask of
    /// the panel before it draws next.
    final class PendingReload {
        var effect: Effect?
        /// A Save as… the panel asked for (done once it has drawn): the path and whether a file
        /// there is replaced.
        var saveAs: (path: String, overwrite: Bool)?
        /// An export the panel asked for (done once it has drawn): the format, the path and
        /// whether what is there is replaced.
        var export: (format: WindowExport.Format, path: String, overwrite: Bool)?
        /// Ctrl+Shift+S: the panel opens its Save as… field.
        var opensSaveAs = false
        /// Ctrl+F: the panel puts the keyboard in its property filter.
        var focusesFilter = false
    }

    /// The least height of the window while the panel shows, in pixels: room for the tree and a
    /// screenful of properties beside a small canvas (a 480×160 banner), which keeps its scale
    /// and is centred in the height.
    static let panelMinimumHeight: Int32 = 540

    /// The canvas's size in whole points: the renderer's logical size without the panel.
    private var canvasPoints: (width: Int32, height: Int32) {
        let pixels = effect.canvas.size.wholePixels
        return (Int32(pixels.width), Int32(pixels.height))
    }

    /// Shows or hides the panel when Tab asked for it. Showing widens the window by the panel's
    /// width so that the panel never covers the effect (and makes a short window
    /// ``panelMinimumHeight`` tall); hiding gives the room back. The canvas keeps its scale and
    /// its place at the left either way.
    func applyPanelToggle(_ state: inout LoopState, on screen: Screen) {
        guard state.panel.toggleRequested else { return }
        state.panel.toggleRequested = false
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(screen.window, &width, &height)
        let canvas = canvasPoints
        if state.panel.isShown {
            // What the panel covers now, at the window's scale, is what the window gives back.
            var logicalWidth: Int32 = 0, logicalHeight: Int32 = 0
            SDL_RenderGetLogicalSize(screen.renderer, &logicalWidth, &logicalHeight)
            let scale = min(Double(width) / Double(max(logicalWidth, 1)), Double(height) / Double(max(logicalHeight, 1)))
            let panelPixels = Int32((Double(logicalWidth - canvas.width) * scale).rounded())
            state.panel.isShown = false
            let restored = state.panel.heightChange.flatMap { $0.after == height ? $0.before : nil } ?? height
            state.panel.heightChange = nil
            SDL_SetWindowSize(screen.window, max(width - panelPixels, 1), restored)
            SDL_RenderSetLogicalSize(screen.renderer, canvas.width, canvas.height)
            return
        }
        if state.panel.panel == nil {
            guard let makePanel = options.makePanel else {
                log("cannot show the property panel: this window has none")
                return
            }
            do {
                state.panel.panel = try makePanel(screen.window, screen.renderer, options.logsEvents ? { [log] in log($0) } : nil)
                startEditing(&state)
            } catch {
                log("cannot show the property panel: \(error)")
                return
            }
        }
        guard let panel = state.panel.panel else { return }
        state.panel.isShown = true
        // The canvas as drawn now (letterbox bars dropped), plus the panel.
        let scale = min(Double(width) / Double(canvas.width), Double(height) / Double(canvas.height))
        let newWidth = Int32((Double(canvas.width) * scale).rounded()) + Int32(type(of: panel).width)
        let newHeight = max(height, Self.panelMinimumHeight)
        state.panel.heightChange = newHeight == height ? nil : (height, newHeight)
        SDL_SetWindowSize(screen.window, newWidth, newHeight)
        keepOnDisplay(screen.window, width: newWidth, height: newHeight)
        layOutWithPanel(screen.renderer, panelWidth: type(of: panel).width, windowWidth: newWidth, windowHeight: newHeight)
    }

    /// Moves the window left (or up) when growing it pushed its edge off the display.
    private func keepOnDisplay(_ window: OpaquePointer, width: Int32, height: Int32) {
        let display = SDL_GetWindowDisplayIndex(window)
        var bounds = SDL_Rect()
        guard display >= 0, SDL_GetDisplayUsableBounds(display, &bounds) == 0 else { return }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        let newX = x + width > bounds.x + bounds.w ? max(bounds.x, bounds.x + bounds.w - width) : x
        let newY = y + height > bounds.y + bounds.h ? max(bounds.y, bounds.y + bounds.h - height) : y
        if (newX, newY) != (x, y) { SDL_SetWindowPosition(window, newX, newY) }
    }

    /// Sets the renderer's logical size for a window of this size with the panel: the canvas
    /// at the largest scale that leaves the panel its width, and the panel's strip added in
    /// canvas points. The effect, the overlays and the pointer keep canvas coordinates (x past
    /// the canvas's width is the panel's).
    func layOutWithPanel(_ renderer: OpaquePointer, panelWidth: Int, windowWidth: Int32, windowHeight: Int32) {
        let canvas = canvasPoints
        let panel = Double(panelWidth)
        let scale = min(max(Double(windowWidth) - panel, 1) / Double(canvas.width), Double(windowHeight) / Double(canvas.height))
        let logicalWidth = Int32((Double(windowWidth) / scale).rounded(.up))
        SDL_RenderSetLogicalSize(renderer, max(logicalWidth, canvas.width + 1), canvas.height)
    }

    /// Gives the panel, when it shows, the events that are its: presses, moves and the wheel
    /// over it (or on a control being dragged), and keys while a field takes typing. A window
    /// resize lays the canvas and the panel out again. Returns true when the canvas must not
    /// see the event.
    func panelTakes(_ event: inout SDL_Event, _ state: inout LoopState, renderer: OpaquePointer) -> Bool {
        guard state.panel.isShown, let panel = state.panel.panel else { return false }
        panel.noteInput()
        // Keys are the window's unless a field takes typing: ImGui given Tab would move its
        // focus from field to field and scroll the list (and held keys repeat). A key's release
        // always goes to ImGui too (and on to the window): one pressed while the panel took the
        // keyboard would otherwise stay down in ImGui, and its repeats (an Escape's) would take
        // the next field's keyboard away.
        switch SDL_EventType(event.type) {
        case SDL_KEYUP:
            if !panel.wantsKeyboard { _ = panel.process(&event) }
            guard panel.wantsKeyboard else { return false }
        case SDL_KEYDOWN, SDL_TEXTINPUT:
            guard panel.wantsKeyboard else { return false }
        default:
            break
        }
        let wants = panel.process(&event)
        let canvasWidth = canvasPoints.width
        switch SDL_EventType(event.type) {
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            layOutWithPanel(renderer, panelWidth: type(of: panel).width, windowWidth: event.window.data1, windowHeight: event.window.data2)
            return false
        case SDL_MOUSEBUTTONDOWN:
            return wants.wantsMouse || event.button.x >= canvasWidth
        case SDL_MOUSEMOTION:
            // A scrub begun on the canvas goes on over the panel (it clamps to the end).
            return !state.pointer.isScrubbing && state.pointer.handles.drag == nil && (wants.wantsMouse || event.motion.x >= canvasWidth)
        case SDL_MOUSEWHEEL, SDL_TEXTINPUT:
            return true
        case SDL_KEYDOWN:
            // Also while a field's claim on the keyboard is pending (ImGui gives it a frame later).
            return wants.wantsKeyboard || panel.wantsKeyboard
        default:
            // Releases always reach the canvas too, so that a scrub never sticks.
            return false
        }
    }

    /// Sets the renderer's logical size for the canvas, with the panel's strip when it shows
    /// (after a reload, whose canvas may differ).
    func layOutCanvas(_ state: LoopState, renderer: OpaquePointer) {
        let canvas = canvasPoints
        guard state.panel.isShown, let panel = state.panel.panel, let window = SDL_RenderGetWindow(renderer) else {
            SDL_RenderSetLogicalSize(renderer, canvas.width, canvas.height)
            return
        }
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        layOutWithPanel(renderer, panelWidth: type(of: panel).width, windowWidth: width, windowHeight: height)
    }

    /// The renderer's logical size and the scale SDL shows it at in `width` × `height` pixels
    /// (the largest that fits; the rest letterboxed). Nil when either size is empty.
    static func logicalFit(_ renderer: OpaquePointer, width: Int32, height: Int32) -> (width: Int32, height: Int32, scale: Double)? {
        var logicalWidth: Int32 = 0, logicalHeight: Int32 = 0
        SDL_RenderGetLogicalSize(renderer, &logicalWidth, &logicalHeight)
        guard logicalWidth > 0, logicalHeight > 0, width > 0, height > 0 else { return nil }
        return (logicalWidth, logicalHeight, min(Double(width) / Double(logicalWidth), Double(height) / Double(logicalHeight)))
    }

    /// Draws the panel over its strip at the right of the window, in window pixels (the
    /// logical size is set aside while the panel draws, then put back).
    func drawPanel(_ state: LoopState, on screen: Screen, clock: Double) {
        guard state.panel.isShown, let panel = state.panel.panel else { return }
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(screen.window, &width, &height)
        guard let (logicalWidth, logicalHeight, fit) = Self.logicalFit(screen.renderer, width: width, height: height) else { return }
        let scale = Float(fit)
        let left = (Float(width) - Float(logicalWidth) * scale) / 2
        let x = (left + Float(canvasPoints.width) * scale).rounded(.down)
        SDL_RenderSetLogicalSize(screen.renderer, 0, 0)
        let measurements = state.measurements
        connectPanel(panel, state)
        panel.draw(player: state.player, renderer: screen.renderer, x: x, y: 0, width: Float(width) - x, height: Float(height),
                   timings: WindowPanelTimings(fps: measurements.shownFPS, stepMilliseconds: measurements.shownStepMilliseconds,
                                               renderMilliseconds: measurements.shownRenderMilliseconds),
                   clock: clock)
        SDL_RenderSetLogicalSize(screen.renderer, logicalWidth, logicalHeight)
    }
}
