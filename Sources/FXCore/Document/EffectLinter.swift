import Foundation

/// Warnings for effects that load but are probably not what their author meant, for
/// `fx validate`: particles born invisible or fading out before they are drawn, and emitters
/// whose particles can never reach the canvas.
public enum EffectLinter {
    /// The warnings for `effect`, placed in `bytes` (its file) where the JSON path can be found.
    public static func warnings(for effect: Effect, bytes: [UInt8], file: String) -> [Diagnostic] {
        let root = try? JSONParser.parse(bytes)
        var result: [Diagnostic] = []
        func warn(_ path: [JSONPathComponent], _ message: String, suggestion: String? = nil) {
            let node = root.flatMap { $0.node(at: path) }
            result.append(Diagnostic(severity: .warning, file: file, line: node?.location.line,
                                     column: node.map { $0.location.column(in: bytes) },
                                     path: JSONPathComponent.render(path), message: message, suggestion: suggestion))
        }
        let canvas = Rect(x: 0, y: 0, width: effect.canvas.size.width, height: effect.canvas.size.height)
        let placed = effect.presentationLayers(at: 0)
        func visit(_ layers: [Layer], path: [JSONPathComponent]) {
            for (index, layer) in layers.enumerated() {
                let layerPath = path + [.index(index)]
                if let emitter = layer.emitter {
                    let transform = placed.first { $0.name == layer.identifier }?.transformToCanvas
                    for (cellIndex, cell) in emitter.emitterCells.enumerated() where cell.enabled && cell.birthRate > 0 && cell.lifetime > 0 {
                        let cellPath = layerPath + [.key(EmitterLayerKeys.emitterCells.name), .index(cellIndex)]
                        let brightest = min(1, cell.color.alpha + cell.alphaRange / 2)
                        if brightest <= 0 && cell.extensions.alphaOverLife == nil && cell.extensions.colorOverLife == nil {
                            warn(cellPath + [.key(EmitterCellKeys.color.name)], "particles are born with alpha 0 and are never seen",
                                 suggestion: "raise the color's alpha or alphaRange")
                        } else if cell.alphaSpeed < 0 && brightest / -cell.alphaSpeed < 1 / effect.stepRate && cell.extensions.alphaOverLife == nil {
                            warn(cellPath + [.key(EmitterCellKeys.alphaSpeed.name)], "alphaSpeed \(format(cell.alphaSpeed)) makes particles invisible before their first step is drawn",
                                 suggestion: "use a value nearer 0 (−1 fades out in a second)")
                        }
                        if let transform, cell.extensions.hasForces == false, !cell.extensions.hasTurbulence, emitter.fields.isEmpty,
                           emitter.colliders.isEmpty, cell.emitterCells.isEmpty {
                            checkReach(cell, emitter: emitter, transform: transform, canvas: canvas) { message in
                                warn(cellPath, message, suggestion: "move the emitter, or raise velocity or lifetime")
                            }
                        }
                    }
                }
                visit(layer.sublayers, path: layerPath + [.key(LayerKeys.sublayers.name)])
            }
        }
        visit(effect.layers, path: [.key(EffectKeys.layers.name)])
        return result
    }

    /// Warns when every place a cell's particles could reach in their lifetime lies outside
    /// the canvas.
    static func checkReach(_ cell: EmitterCell, emitter: EmitterProperties, transform: AffineTransform, canvas: Rect,
                           warn: (String) -> Void) {
        let life = (cell.lifetime + cell.lifetimeRange / 2) * emitter.lifetime
        let speed = (abs(cell.velocity) + cell.velocityRange / 2) * abs(emitter.velocity)
        let acceleration = (cell.xAcceleration * cell.xAcceleration + cell.yAcceleration * cell.yAcceleration).squareRoot()
        let size = (cell.contents?.pixelSize.width ?? 64) * (abs(cell.scale) + cell.scaleRange / 2) * abs(emitter.scale)
        let reach = speed * life + 0.5 * acceleration * life * life + size
        let half = Size(width: emitter.emitterSize.width / 2, height: emitter.emitterSize.height / 2)
        let corners = [Point(x: -half.width, y: -half.height), Point(x: half.width, y: -half.height),
                       Point(x: half.width, y: half.height), Point(x: -half.width, y: half.height)].map {
            transform.apply(to: Point(x: emitter.emitterPosition.x + $0.x, y: emitter.emitterPosition.y + $0.y))
        }
        let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        let scale = max((transform.a * transform.a + transform.b * transform.b).squareRoot(), 1e-9)
        let dx = max(0, canvas.origin.x - maxX, minX - (canvas.origin.x + canvas.size.width))
        let dy = max(0, canvas.origin.y - maxY, minY - (canvas.origin.y + canvas.size.height))
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance > reach * scale {
            warn("the emitter is \(format(distance.rounded())) points from the canvas and its particles reach at most \(format((reach * scale).rounded())): they never enter it")
        }
    }
}
