import FXCore

/// Makes the ``CoreAnimationDocument`` of an effect: walks the decoded effect through the
/// property registry, sets each Core Animation property that differs from Core Animation's
/// default, approximates or drops fx's own keys with a warning.
struct CoreAnimationTreeBuilder {
    let document: EffectDocument
    let format: ExportFormat
    let platform: ExportPlatform
    private(set) var warnings: [ExportWarning] = []

    init(document: EffectDocument, format: ExportFormat, platform: ExportPlatform) {
        self.document = document
        self.format = format
        self.platform = platform
    }

    mutating func build() -> CoreAnimationDocument {
        let effect = document.effect
        var root = CoreAnimationObject(className: "CALayer", variableName: "rootLayer")
        root.properties.append(CoreAnimationProperty(name: "bounds", value: .rect(x: 0, y: 0, width: effect.canvas.size.width, height: effect.canvas.size.height)))
        return CoreAnimationDocument(effectName: effect.name, summary: effect.description, root: root,
                                     canvasSize: effect.canvas.size, platform: platform, images: [])
    }
}
