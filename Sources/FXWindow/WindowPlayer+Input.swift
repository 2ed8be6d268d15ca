import CSDL2
import FXCore

extension WindowPlayer {
    /// What the pointer is doing: scrubbing, or handing moves and clicks to the effect.
    struct PointerState {
        /// Whether clicks belong to the effect (then scrubbing takes the right button or shift);
        /// it changes only when the effect is reloaded.
        var effectUsesPointer = false
        /// A scrubbing button is held: time follows the pointer instead of the clock.
        var isScrubbing = false
        /// Where the pointer last was across the canvas while scrubbing, not yet applied: the
        /// frame's timeline seeks there once, however many moves came in.
        var scrubTarget: Double?
        /// The left button is held on an effect that takes the pointer: its moves are a drag,
        /// which sets the time of the layers whose time follows the pointer.
        var isDraggingEffect = false
        /// The selected layer's handles on the canvas: one being dragged (WindowPlayer+Handles).
        var handles = HandleState()
    }

    /// Handles every event queued since the last frame. A quit only clears
    /// ``LoopState/isRunning``: the events after it and the rest of the frame still run.
    func handleEvents(_ state: inout LoopState, clock: Double, renderer: OpaquePointer) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if panelTakes(&event, &state, renderer: renderer) { continue }
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                if confirmsQuit(&state) { state.isRunning = false }
            case SDL_KEYDOWN:
                handleKey(SDL_KeyCode(UInt32(bitPattern: event.key.keysym.sym)), modifiers: UInt32(event.key.keysym.mod), &state,
                          clock: clock, renderer: renderer)
            case SDL_MOUSEBUTTONDOWN:
                pointerPressed(event.button, &state, clock: clock)
            case SDL_MOUSEMOTION:
                pointerMoved(event.motion, &state, clock: clock)
            case SDL_MOUSEBUTTONUP:
                pointerReleased(&state, clock: clock)
            default: break
            }
        }
    }

    /// The window's key bindings (listed on ``WindowPlayer``).
    /// - Parameter modifiers: the modifier keys held when the key went down (the event's own:
    ///   by the time the queue is read, a quick Ctrl+S may have released Ctrl already).
    private func handleKey(_ key: SDL_KeyCode, modifiers: UInt32, _ state: inout LoopState, clock: Double, renderer: OpaquePointer) {
        let control = modifiers & (KMOD_LCTRL.rawValue | KMOD_RCTRL.rawValue | KMOD_LGUI.rawValue | KMOD_RGUI.rawValue) != 0
        let shift = modifiers & (KMOD_LSHIFT.rawValue | KMOD_RSHIFT.rawValue) != 0
        let alt = modifiers & (KMOD_LALT.rawValue | KMOD_RALT.rawValue) != 0
        if alt, !control, let direction = Self.nudgeDirection(key) {
            // The selected layer's handle, a point at a time (Shift: ten).
            let points = shift ? 10.0 : 1.0
            nudgeHandle(by: Point(x: direction.x * points, y: direction.y * points), &state)
            return
        }
        if control {
            // The panel's file: save, undo, redo, revert.
            switch key {
            case SDLK_s where shift: requestSaveAs(&state)
            case SDLK_s: saveEdits(&state)
            case SDLK_f: requestFilterFocus(&state)
            case SDLK_z: undoOrRedo(&state, redo: shift, renderer: renderer)
            case SDLK_y: undoOrRedo(&state, redo: true, renderer: renderer)
            case SDLK_r: revertEdits(&state, renderer: renderer)
            case SDLK_n: performTreeCommand(.addCell, state)
            case SDLK_d: performTreeCommand(.duplicate, state)
            case SDLK_UP: performTreeCommand(.moveUp, state)
            case SDLK_DOWN: performTreeCommand(.moveDown, state)
            default: break
            }
            return
        }
        switch key {
        case SDLK_ESCAPE where state.editing.showsHelp: state.editing.showsHelp = false
        case SDLK_ESCAPE, SDLK_q: if confirmsQuit(&state) { state.isRunning = false }
        case SDLK_SLASH where shift, SDLK_QUESTION: state.editing.showsHelp.toggle()
        case SDLK_SPACE: togglePause(&state)
        case SDLK_RIGHT: if state.player.isPaused { stepOnce(&state) }
        case SDLK_r: restart(&state)
        case SDLK_s:
            state.simulation.target = nil
            state.player.reseed(state.player.seed &+ 1)
            log("reseeded: --seed \(state.player.seed)")
        case SDLK_LEFTBRACKET, SDLK_RIGHTBRACKET:
            setSpeed(Self.speed(after: state.player.speed, faster: key == SDLK_RIGHTBRACKET), &state, clock: clock)
        case SDLK_h: state.overlays.showsHUD.toggle()
        case SDLK_g: toggleRecording(&state, renderer: renderer)
        case SDLK_TAB: state.panel.toggleRequested = true
        case SDLK_F2: performTreeCommand(.rename, state)
        case SDLK_DELETE: performTreeCommand(.remove, state)
        default: break
        }
    }

    /// An arrow key's direction on the canvas (y down); nil for other keys.
    static func nudgeDirection(_ key: SDL_KeyCode) -> Point? {
        switch key {
        case SDLK_LEFT: return Point(x: -1, y: 0)
        case SDLK_RIGHT: return Point(x: 1, y: 0)
        case SDLK_UP: return Point(x: 0, y: -1)
        case SDLK_DOWN: return Point(x: 0, y: 1)
        default: return nil
        }
    }

    /// Hands the panel, when it shows, a command of its tree's row on the selected layer or cell.
    private func performTreeCommand(_ command: TreeCommand, _ state: LoopState) {
        guard state.panel.isShown, let panel = state.panel.panel else { return }
        panel.perform(command, effect: state.player.effect)
        panel.noteInput()
    }

    /// The neighbour of `speed` in ``speeds``, one faster or one slower. A speed between two of
    /// them (`--speed 0.3`) goes down to the one below it, or up to the one above.
    static func speed(after speed: Double, faster: Bool) -> Double {
        let current = speeds.lastIndex { $0 <= speed + 1e-9 } ?? 0
        let move = faster ? 1 : (speed > speeds[current] + 1e-9 ? 0 : -1)
        return speeds[min(max(current + move, 0), speeds.count - 1)]
    }

    /// A press starts scrubbing with the scrubbing button (left, or right and shift-left when
    /// the effect uses the pointer); otherwise a left click goes to the effect.
    private func pointerPressed(_ button: SDL_MouseButtonEvent, _ state: inout LoopState, clock: Double) {
        let point = Point(x: Double(button.x), y: Double(button.y))
        // A press on a handle of the layer selected in the panel drags the handle.
        if button.button == UInt8(SDL_BUTTON_LEFT), pressHandle(at: point, &state) { return }
        let shift = (SDL_GetModState().rawValue & KMOD_SHIFT.rawValue) != 0
        let scrubButton = state.pointer.effectUsesPointer ? button.button == UInt8(SDL_BUTTON_RIGHT) || shift
                                                          : button.button == UInt8(SDL_BUTTON_LEFT)
        if scrubButton {
            state.pointer.isScrubbing = true
            state.pointer.scrubTarget = point.x
            state.overlays.showTimeBar(at: clock)
        } else if button.button == UInt8(SDL_BUTTON_LEFT), !state.simulation.isRunning {
            // (While a seek runs, the effect takes no input: it is not at its time yet.)
            state.player.pointerClicked(at: point)
            logEvent("click x=\(button.x) y=\(button.y)")
            if state.pointer.effectUsesPointer {
                state.pointer.isDraggingEffect = true
                drag(to: point, &state)
            }
        }
    }

    /// A drag on an effect that takes the pointer: layers whose time follows it
    /// (`timeOffsetFollowsPointer`) take the moment it maps to.
    private func drag(to point: Point, _ state: inout LoopState) {
        state.player.pointerDragged(to: point)
        logEvent("drag x=\(Int(point.x)) y=\(Int(point.y))" + draggedTimeOffsets(state.player.effect))
    }

    /// ` LAYER.timeOffset=SECONDS` for each layer whose time follows the pointer, for the event
    /// log (what a test of the window reads).
    private func draggedTimeOffsets(_ effect: Effect) -> String {
        effect.allLayers().filter { $0.layer.timeOffsetFollowsPointer != nil }
            .map { " \($0.layer.identifier).timeOffset=\(String(format: "%.3f", $0.layer.timing.timeOffset))" }.joined()
    }

    /// A move scrubs while scrubbing; over an effect that does not use the pointer it shows
    /// the time bar (the hint that dragging scrubs); an effect that does use it follows it.
    private func pointerMoved(_ motion: SDL_MouseMotionEvent, _ state: inout LoopState, clock: Double) {
        let point = Point(x: Double(motion.x), y: Double(motion.y))
        if state.pointer.handles.drag != nil {
            dragHandle(to: point, &state)
            logEvent("pointer x=\(motion.x) y=\(motion.y)")
            return
        }
        if !state.pointer.isScrubbing { hoverHandles(at: point, &state) }
        if state.pointer.isScrubbing {
            state.pointer.scrubTarget = point.x
            state.overlays.showTimeBar(at: clock)
        } else if !state.pointer.effectUsesPointer && state.pointer.handles.hovered == nil {
            // (Over a handle, a drag moves the handle: no "drag to scrub" hint.)
            state.overlays.showTimeBar(at: clock)
        }
        if state.pointer.effectUsesPointer && !state.simulation.isRunning { state.player.pointerMoved(to: point) }
        logEvent("pointer x=\(motion.x) y=\(motion.y)")
        if state.pointer.isDraggingEffect && !state.simulation.isRunning { drag(to: point, &state) }
    }

    /// Releasing ends scrubbing: time plays on from the scrubbed moment (or stays, when paused);
    /// and a drag: the layers it drove keep the time it left them at.
    private func pointerReleased(_ state: inout LoopState, clock: Double) {
        releaseHandle(&state)
        state.pointer.isDraggingEffect = false
        if state.pointer.isScrubbing {
            state.pointer.isScrubbing = false
            state.overlays.showTimeBar(at: clock)
        }
    }
}
