import CSDL2
import FXCore
import Foundation

/// Handles on the canvas for the layer selected in the panel (issue 34): an emitter layer's
/// `emitterPosition` (a ring with a cross) and the edges of its `emitterSize` (small squares:
/// the width's for a line, the width's and height's for a rectangle or cuboid, the radius —
/// `emitterSize.width` — for a circle or sphere); any other layer's `position` (a ring). A
/// press on a handle drags it instead of scrubbing; the values are edited as the panel edits
/// them: recorded in the file's text (one drag is one edit, undone with Ctrl+Z, saved with
/// Ctrl+S) and set on the running effect. A value an animation drives is edited where the
/// animation holds it (its `fromValue`, `toValue` or keyframe now, as the panel's animated rows
/// do), and the effect is played again from the edited text.
extension WindowPlayer {
    /// A handle of the selected layer, where it shows now.
    struct CanvasHandle {
        /// What dragging the handle changes.
        enum Part: Equatable {
            /// The emitter layer's `emitterPosition`, in the layer's coordinates.
            case emitterPosition
            /// An edge of `emitterSize`: along x (the width) or y (the height), on the side `side`
            /// (+1 right or below, −1 left or above) of the centre. For a circle or sphere the x
            /// edges are the radius, which is `emitterSize.width` (docs/core-animation.md).
            case emitterSize(alongX: Bool, side: Double, isRadius: Bool)
            /// A layer's `position`, in its parent's coordinates (where its anchor point sits).
            case position
        }

        /// The selected layer's unique name.
        var layer: String
        var part: Part
        /// Where the handle is drawn, in canvas points.
        var point: Point
        /// From canvas points to the coordinates the value is in: the layer's own for the
        /// emitter's keys, its parent's for `position`.
        var toValueSpace: FXCore.AffineTransform
        /// The value shown now (the presentation's), which a drag starts from.
        var value: AnimatableValue
        /// What a dragged value is rounded to: a power of ten no finer than a canvas point spans
        /// in the value's coordinates (whole points at 1×).
        var step: Double

        /// The property a drag edits.
        var property: PropertyDescriptor {
            switch part {
            case .emitterPosition: return EmitterLayerKeys.emitterPosition
            case .emitterSize: return EmitterLayerKeys.emitterSize
            case .position: return LayerKeys.position
            }
        }

        /// `LAYER.KEY`: what the session and the player are given.
        var keyPath: String { layer + "." + property.name }

        /// The handle's name in the event log: the key, and for an edge its side
        /// (`emitterSize right`).
        var name: String {
            guard case .emitterSize(let alongX, let side, _) = part else { return property.name }
            return property.name + " " + (alongX ? (side > 0 ? "right" : "left") : (side > 0 ? "bottom" : "top"))
        }

        /// The value after a drag from `start` to `now` (both in the value's coordinates) that
        /// began at `base` (the handle's value, or the animation's member that drives it),
        /// rounded to ``step``; a size never goes below 0.
        func value(from base: AnimatableValue, draggedFrom start: Point, to now: Point) -> AnimatableValue? {
            let dx = now.x - start.x, dy = now.y - start.y
            func round(_ number: Double) -> Double { (number / step).rounded() * step }
            switch (part, base) {
            case (.emitterPosition, .point(let point)), (.position, .point(let point)):
                return .point(Point(x: round(point.x + dx), y: round(point.y + dy)))
            case (.emitterSize(let alongX, let side, let isRadius), .size(let size)):
                // A rectangle's edges move half as far as the size grows (the shape stays centred
                // on emitterPosition); a circle's radius is the width itself.
                let factor = isRadius ? 1.0 : 2.0
                var result = size
                if alongX {
                    result.width = max(0, round(size.width + side * dx * factor))
                } else {
                    result.height = max(0, round(size.height + side * dy * factor))
                }
                return .size(result)
            default:
                return nil
            }
        }
    }

    /// A handle being dragged.
    struct HandleDrag {
        /// The handle as it was pressed.
        var handle: CanvasHandle
        /// Where the press was, in the value's coordinates.
        var start: Point
        /// Whether an edit was made: the next ones continue it (one drag, one undo).
        var edited = false
        /// When an animation drives the value: the member that holds it now
        /// (`LAYER.animations[0].toValue`) and its value, which the drag edits instead.
        var driver: (keyPath: String, value: AnimatableValue)?
    }

    /// The handles' state: the drag under way, and what the event log was told last.
    struct HandleState {
        var drag: HandleDrag?
        /// The handle under the pointer (by its log name): drawn lit, with a move cursor.
        var hovered: String?
        /// The move cursor over a handle, and the arrow elsewhere (made once, freed by SDL).
        var cursors: (move: OpaquePointer?, arrow: OpaquePointer?)
        /// Window pixels per canvas point, and the canvas's origin in the window, as last drawn.
        var pixelsPerPoint = 1.0
        var origin = Point.zero
        /// The place last logged for each handle, by its log name: logged again when it moves.
        var reported: [String: String] = [:]
    }

    /// How near a press must be to a handle to take it, in window pixels.
    static let handleReach = 9.0
    /// The least distance between an edge handle and the centre, in window pixels: a shape of
    /// size 0 still has its edges to pull.
    static let handleSpacing = 14.0

    /// The handles of the layer selected in the panel, while the panel shows and the effect is
    /// at its time (not during a seek). A hidden or flattened layer has none.
    func canvasHandles(_ state: LoopState) -> [CanvasHandle] {
        guard state.panel.isShown, !state.simulation.isRunning, let name = state.panel.panel?.selectedLayer,
              let placed = state.player.effect.presentationLayers(at: state.player.time).first(where: { $0.name == name }),
              let toLayer = placed.transformToCanvas.inverted else { return [] }
        let toCanvas = placed.transformToCanvas
        // A power of ten no finer than one canvas point in the layer's coordinates, at most 1.
        let perPoint = 1 / max(abs(toCanvas.a * toCanvas.d - toCanvas.b * toCanvas.c).squareRoot(), 1e-9)
        let step = min(1, pow(10, floor(log10(perPoint))))
        guard let emitter = placed.layer.emitter else {
            // `position` is in the parent's coordinates: canvas → layer → parent.
            let toParent = placed.layer.transformToParent
            guard let parentToCanvas = toParent.inverted?.concatenating(toCanvas) else { return [] }
            let position = placed.layer.position
            return [CanvasHandle(layer: name, part: .position, point: parentToCanvas.apply(to: position),
                                 toValueSpace: toLayer.concatenating(toParent), value: .point(position), step: step)]
        }
        let center = emitter.emitterPosition
        var handles = [CanvasHandle(layer: name, part: .emitterPosition, point: toCanvas.apply(to: center), toValueSpace: toLayer,
                                    value: .point(center), step: step)]
        let size = emitter.emitterSize
        let minimum = Self.handleSpacing / max(state.pointer.handles.pixelsPerPoint, 1e-9)
        /// An edge handle at `offset` from the centre (layer coordinates), pushed out to the
        /// least spacing on the canvas.
        func edge(_ part: CanvasHandle.Part, offset: Point, unit: Point) {
            let centerOnCanvas = toCanvas.apply(to: center)
            var point = toCanvas.apply(to: Point(x: center.x + offset.x, y: center.y + offset.y))
            let along = toCanvas.apply(to: Point(x: center.x + unit.x, y: center.y + unit.y))
            let direction = Point(x: along.x - centerOnCanvas.x, y: along.y - centerOnCanvas.y)
            let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
            let distance = ((point.x - centerOnCanvas.x) * (point.x - centerOnCanvas.x) + (point.y - centerOnCanvas.y) * (point.y - centerOnCanvas.y)).squareRoot()
            if distance < minimum, length > 0 {
                point = Point(x: centerOnCanvas.x + direction.x / length * minimum, y: centerOnCanvas.y + direction.y / length * minimum)
            }
            handles.append(CanvasHandle(layer: name, part: part, point: point, toValueSpace: toLayer, value: .size(size), step: step))
        }
        switch emitter.emitterShape {
        case .point:
            break
        case .line, .rectangle, .cuboid:
            for side in [1.0, -1.0] {
                edge(.emitterSize(alongX: true, side: side, isRadius: false), offset: Point(x: side * size.width / 2, y: 0), unit: Point(x: side, y: 0))
            }
            guard emitter.emitterShape != .line else { break }
            for side in [1.0, -1.0] {
                edge(.emitterSize(alongX: false, side: side, isRadius: false), offset: Point(x: 0, y: side * size.height / 2), unit: Point(x: 0, y: side))
            }
        case .circle, .sphere:
            for side in [1.0, -1.0] {
                edge(.emitterSize(alongX: true, side: side, isRadius: true), offset: Point(x: side * size.width, y: 0), unit: Point(x: side, y: 0))
            }
        }
        return handles
    }

    /// The handle a press at `point` (canvas points) takes: the nearest within reach, the
    /// centre's on a tie (a shape of size 0 has its edges pushed out beside it).
    func handle(at point: Point, _ state: LoopState) -> CanvasHandle? {
        let reach = Self.handleReach / max(state.pointer.handles.pixelsPerPoint, 1e-9)
        var best: (handle: CanvasHandle, distance: Double)?
        for handle in canvasHandles(state) {
            let distance = ((handle.point.x - point.x) * (handle.point.x - point.x) + (handle.point.y - point.y) * (handle.point.y - point.y)).squareRoot()
            if distance <= reach, distance < (best?.distance ?? .infinity) { best = (handle, distance) }
        }
        return best?.handle
    }

    /// A left press: on a handle, starts dragging it (and returns true: no scrub, no click
    /// for the effect).
    func pressHandle(at point: Point, _ state: inout LoopState) -> Bool {
        guard let handle = handle(at: point, state) else { return false }
        var drag = HandleDrag(handle: handle, start: handle.toValueSpace.apply(to: point))
        var note = ""
        // An animation that drives the value would override the model every frame: the drag
        // edits the animation's member that holds it now (in the file, so only with one).
        if let placed = state.player.effect.allPresentationLayers(at: state.player.time).first(where: { $0.name == handle.layer }) {
            if state.editing.session != nil,
               let driver = placed.model.animationDrivers(of: handle.property.name, atLocalTime: placed.localTime).first,
               driver.value.kind == handle.value.kind {
                drag.driver = (handle.layer + "." + driver.path, driver.value)
                note = " animated: edits \(handle.layer).\(driver.path)"
            } else if let component = Self.animatedComponent(of: handle.property.name, in: placed.model.animations) {
                // (`position.x`: the drag edits the model, which the animation overrides on that axis.)
                state.editing.status = ("\(component) is animated: it overrides the drag on that axis; edit its animation in the panel", true)
                note = " animated: \(component) overrides it"
            }
        }
        state.pointer.handles.drag = drag
        logEvent("handle press \(handle.name) of \(handle.layer)" + note)
        return true
    }

    /// The key path of an animation in `animations` (in groups too) that drives a component of
    /// `key` (`position.x` for `position`), if one does.
    static func animatedComponent(of key: String, in animations: [Animation]) -> String? {
        for animation in animations {
            if case .group(let children) = animation.spec, let found = animatedComponent(of: key, in: children) { return found }
            if let path = animation.keyPath?.path, path.hasPrefix(key + ".") { return path }
        }
        return nil
    }

    /// A move while a handle is held: its value follows the pointer, edited live (the first
    /// edit of a drag starts an edit, the others continue it: one drag is one undo).
    func dragHandle(to point: Point, _ state: inout LoopState) {
        guard let drag = state.pointer.handles.drag else { return }
        let now = drag.handle.toValueSpace.apply(to: point)
        do {
            if let driver = drag.driver, let session = state.editing.session {
                guard let value = drag.handle.value(from: driver.value, draggedFrom: drag.start, to: now) else { return }
                let json = JSONValue.text(of: value)
                try session.setValue(json: json, forKeyPath: driver.keyPath, continuing: drag.edited)
                // Played again from the edited text once the frame is drawn, at the same moment.
                state.panel.pendingReload.effect = session.document.effect
                logEvent("handle set \(driver.keyPath) = \(json)")
            } else {
                guard let value = drag.handle.value(from: drag.handle.value, draggedFrom: drag.start, to: now) else { return }
                try state.editing.session?.setValue(value, forKeyPath: drag.handle.keyPath, continuing: drag.edited)
                try state.player.setValue(value, forKeyPath: drag.handle.keyPath)
                logEvent("handle set \(drag.handle.keyPath) = \(JSONValue.text(of: value))")
            }
            state.pointer.handles.drag?.edited = true
        } catch {
            state.editing.status = ("cannot drag \(drag.handle.keyPath): \(error)", true)
        }
    }

    /// Alt+arrow: moves the selected layer's centre handle (`emitterPosition`, or `position`)
    /// by `delta` canvas points, as a drag that far would (one undoable edit each; an animated
    /// value edits its animation). The arrows alone are the window's (→ steps while paused).
    func nudgeHandle(by delta: Point, _ state: inout LoopState) {
        guard state.pointer.handles.drag == nil,
              let centre = canvasHandles(state).first(where: { $0.part == .emitterPosition || $0.part == .position }),
              pressHandle(at: centre.point, &state) else { return }
        dragHandle(to: Point(x: centre.point.x + delta.x, y: centre.point.y + delta.y), &state)
        releaseHandle(&state)
    }

    /// A move with no button held: over a handle, the move cursor and the handle lit.
    func hoverHandles(at point: Point, _ state: inout LoopState) {
        let hovered = handle(at: point, state)?.name
        guard hovered != state.pointer.handles.hovered else { return }
        state.pointer.handles.hovered = hovered
        if state.pointer.handles.cursors.move == nil {
            state.pointer.handles.cursors = (SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZEALL), SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW))
        }
        if let cursor = hovered == nil ? state.pointer.handles.cursors.arrow : state.pointer.handles.cursors.move { SDL_SetCursor(cursor) }
    }

    /// The release ends the drag.
    func releaseHandle(_ state: inout LoopState) {
        guard let drag = state.pointer.handles.drag else { return }
        state.pointer.handles.drag = nil
        logEvent("handle release \(drag.handle.name) of \(drag.handle.layer)")
    }

    /// Draws the selected layer's handles over the effect (in canvas points: the renderer's
    /// logical size), with an emitter's shape outlined, and logs where each is in window
    /// pixels when it shows or moves (`handle emitterPosition of spray x=… y=…`), for scripts.
    func drawHandles(_ state: inout LoopState, on screen: Screen) {
        measureCanvasPlacement(&state, on: screen)
        let handles = canvasHandles(state)
        reportHandles(handles, &state)
        guard !handles.isEmpty else { return }
        let renderer = screen.renderer
        let unit = 1 / max(state.pointer.handles.pixelsPerPoint, 1e-9)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        drawShapeOutline(state, renderer: renderer)
        let dragged = state.pointer.handles.drag.map { $0.handle.name }
        for handle in handles {
            let color: (UInt8, UInt8, UInt8) = handle.name == dragged ? (255, 200, 60)
                : handle.name == state.pointer.handles.hovered ? (255, 235, 160) : (255, 255, 255)
            let x = Float(handle.point.x), y = Float(handle.point.y)
            switch handle.part {
            case .emitterPosition, .position:
                // A ring with a cross, a dark one under a light one to show on any background.
                for (radius, shade, alpha) in [(7.5 * unit, (UInt8(0), UInt8(0), UInt8(0)), UInt8(170)), (6.5 * unit, color, 255)] {
                    SDL_SetRenderDrawColor(renderer, shade.0, shade.1, shade.2, alpha)
                    var ring = (0...24).map { index -> SDL_FPoint in
                        let angle = Double(index) / 24 * 2 * .pi
                        return SDL_FPoint(x: x + Float(radius * cos(angle)), y: y + Float(radius * sin(angle)))
                    }
                    SDL_RenderDrawLinesF(renderer, &ring, Int32(ring.count))
                }
                let arm = Float(4 * unit)
                SDL_SetRenderDrawColor(renderer, color.0, color.1, color.2, 255)
                SDL_RenderDrawLineF(renderer, x - arm, y, x + arm, y)
                SDL_RenderDrawLineF(renderer, x, y - arm, x, y + arm)
            case .emitterSize:
                let half = Float(4 * unit)
                SDL_SetRenderDrawColor(renderer, 0, 0, 0, 170)
                var shadow = SDL_FRect(x: x - half - Float(unit), y: y - half - Float(unit), w: 2 * half + 2 * Float(unit), h: 2 * half + 2 * Float(unit))
                SDL_RenderFillRectF(renderer, &shadow)
                SDL_SetRenderDrawColor(renderer, color.0, color.1, color.2, 255)
                var square = SDL_FRect(x: x - half, y: y - half, w: 2 * half, h: 2 * half)
                SDL_RenderFillRectF(renderer, &square)
            }
        }
    }

    /// The selected emitter's shape as the canvas shows it: a line, a rectangle, a circle.
    private func drawShapeOutline(_ state: LoopState, renderer: OpaquePointer) {
        guard let name = state.panel.panel?.selectedLayer,
              let placed = state.player.effect.presentationLayers(at: state.player.time).first(where: { $0.name == name }),
              let emitter = placed.layer.emitter else { return }
        let center = emitter.emitterPosition, size = emitter.emitterSize
        var outline: [Point]
        switch emitter.emitterShape {
        case .point:
            return
        case .line:
            outline = [Point(x: -size.width / 2, y: 0), Point(x: size.width / 2, y: 0)]
        case .rectangle, .cuboid:
            let w = size.width / 2, h = size.height / 2
            outline = [Point(x: -w, y: -h), Point(x: w, y: -h), Point(x: w, y: h), Point(x: -w, y: h), Point(x: -w, y: -h)]
        case .circle, .sphere:
            outline = (0...48).map { index in
                let angle = Double(index) / 48 * 2 * .pi
                return Point(x: size.width * cos(angle), y: size.width * sin(angle))
            }
        }
        var points = outline.map { offset -> SDL_FPoint in
            let point = placed.transformToCanvas.apply(to: Point(x: center.x + offset.x, y: center.y + offset.y))
            return SDL_FPoint(x: Float(point.x), y: Float(point.y))
        }
        SDL_SetRenderDrawColor(renderer, 120, 190, 255, 200)
        SDL_RenderDrawLinesF(renderer, &points, Int32(points.count))
    }

    /// Where the canvas is in the window now: its scale (window pixels per canvas point) and
    /// its top-left corner, as SDL places the renderer's logical size in the window.
    private func measureCanvasPlacement(_ state: inout LoopState, on screen: Screen) {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetRendererOutputSize(screen.renderer, &width, &height)
        guard let (logicalWidth, logicalHeight, scale) = Self.logicalFit(screen.renderer, width: width, height: height) else { return }
        state.pointer.handles.pixelsPerPoint = scale
        state.pointer.handles.origin = Point(x: ((Double(width) - (Double(logicalWidth) * scale).rounded(.down)) / 2).rounded(.down),
                                             y: ((Double(height) - (Double(logicalHeight) * scale).rounded(.down)) / 2).rounded(.down))
    }

    /// With script events on, logs each handle's place in window pixels when it shows or
    /// moves, and `handles hidden` when the last ones go.
    private func reportHandles(_ handles: [CanvasHandle], _ state: inout LoopState) {
        guard options.logsEvents else { return }
        let scale = state.pointer.handles.pixelsPerPoint, origin = state.pointer.handles.origin
        var now: [String: String] = [:]
        for handle in handles {
            let x = Int((origin.x + handle.point.x * scale).rounded()), y = Int((origin.y + handle.point.y * scale).rounded())
            now[handle.name + " of " + handle.layer] = "x=\(x) y=\(y)"
        }
        guard now != state.pointer.handles.reported else { return }
        for (key, place) in now.sorted(by: { $0.key < $1.key }) where state.pointer.handles.reported[key] != place {
            logEvent("handle \(key) \(place)")
        }
        if now.isEmpty { logEvent("handles hidden") }
        state.pointer.handles.reported = now
    }
}
