import FXCore

/// An image pixi's particle editor ships (pixijs/pixi-particles-editor: the list in
/// `deploy/assets/config/config.json`, the files in `deploy/assets/images/`), with the built-in
/// texture fx draws in its place and its width in pixels.
///
/// A legacy configuration is what the editor downloads: the emitter's keys without its images,
/// which the game hands to the Emitter in code. Most were made from one of the editor's presets
/// and keep its images, and a new one starts with its default image, `particle.png`: a soft
/// white dot 44 pixels across. So the file's name says which images it was tuned with, and
/// their size says how big scale 1 is: fx's built-ins are 64 pixels wide, and the cell's
/// `contentsScale` (image pixels per point) brings them to the editor image's width.
struct PixiEditorImage: Equatable {
    /// The editor's name for the image (its file name without `.png`).
    let name: String
    /// The built-in texture that looks most like it.
    let builtin: BuiltinTexture
    /// Its width in pixels.
    let width: Double

    /// The `contentsScale` that draws `builtin` as wide as the editor's image at scale 1.
    var contentsScale: Double { builtin.pixelSize.width / width }

    /// The editor's images, measured from its files: `particle.png` 44 × 44 (a soft dot),
    /// `Sparks.png` 17 × 5 (a streak along x), `HardRain.png` 205 × 61, `Fire.png` 258 × 51 (a
    /// curled flame, drawn as a streak), `smokeparticle.png` 128 × 128 (a soft puff),
    /// `CartoonSmoke.png` 100 × 100 (an outlined cloud, drawn as a crisp circle),
    /// `Bubbles50px.png` 49 × 49 and `Bubbles99px.png` 99 × 99, `HardCircle.png` 100 × 100, the
    /// `Pixel…px.png` squares and the `Snow…px.png` flakes.
    static let all: [PixiEditorImage] = [
        PixiEditorImage(name: "particle", builtin: .disc, width: 44),
        PixiEditorImage(name: "smokeparticle", builtin: .disc, width: 128),
        PixiEditorImage(name: "HardRain", builtin: .spark, width: 205),
        PixiEditorImage(name: "Bubbles50px", builtin: .ring, width: 49),
        PixiEditorImage(name: "Bubbles99px", builtin: .ring, width: 99),
        PixiEditorImage(name: "CartoonSmoke", builtin: .circle, width: 100),
        PixiEditorImage(name: "Fire", builtin: .spark, width: 258),
        PixiEditorImage(name: "HardCircle", builtin: .circle, width: 100),
        PixiEditorImage(name: "Pixel25px", builtin: .square, width: 25),
        PixiEditorImage(name: "Pixel50px", builtin: .square, width: 50),
        PixiEditorImage(name: "Pixel100px", builtin: .square, width: 100),
        PixiEditorImage(name: "Snow50px", builtin: .snowflake, width: 50),
        PixiEditorImage(name: "Snow100px", builtin: .snowflake, width: 100),
        PixiEditorImage(name: "Sparks", builtin: .spark, width: 17),
    ]

    /// The image a new emitter starts with in the editor.
    static let standard = all[0]

    /// The editor's presets and the images each is shown with (its `config.json`'s `emitters`).
    static let presets: [(name: String, images: [String])] = [
        ("trail", ["particle"]), ("flame", ["particle", "Fire"]), ("gas", ["smokeparticle", "particle"]),
        ("smoke", ["smokeparticle"]), ("explosion", ["particle"]), ("explosion2", ["particle"]),
        ("explosion3", ["particle"]), ("megamanDeath", ["particle"]), ("pixieDust", ["particle"]),
        ("rain", ["HardRain"]), ("bubbles", ["Bubbles99px"]), ("bubbleSpray", ["Bubbles99px"]),
        ("bubbleStream", ["Bubbles99px"]), ("bubblesVertical", ["Bubbles99px"]),
        ("cartoonSmoke", ["CartoonSmoke"]), ("cartoonSmokeBlast", ["CartoonSmoke"]),
        ("pixelTrail", ["Pixel100px", "Pixel50px", "Pixel25px"]), ("snow", ["Snow100px"]),
        ("sparks", ["Sparks"]), ("fountain", ["Sparks"]),
    ]

    /// The editor's image of each shape a file's name can suggest (``PixiMapping/builtinShape(for:)``):
    /// a legacy `sparkler.json` was most likely tuned with `Sparks.png`.
    static let byShape: [BuiltinTexture: String] = [
        .spark: "Sparks", .snowflake: "Snow50px", .ring: "Bubbles50px", .square: "Pixel25px", .circle: "HardCircle", .disc: "particle",
    ]

    /// The editor images a legacy file named `baseName` was most likely tuned with, and why:
    /// its preset's (``preset(forFile:)``), else the editor's image of the shape its name
    /// suggests, else the default `particle.png`.
    static func images(forFile baseName: String) -> (images: [PixiEditorImage], why: String) {
        if let preset = preset(forFile: baseName), !preset.images.isEmpty {
            return (preset.images, "the file is named after pixi's editor preset \"\(preset.name)\", shown there with")
        }
        let shape = PixiMapping.builtinShape(for: baseName)
        if shape != BuiltinTexture.disc.rawValue, let builtin = BuiltinTexture(rawValue: shape), let image = byShape[builtin].flatMap(named) {
            return ([image], "the file's name suggests a \(shape); pixi's editor's image of one is")
        }
        return ([standard], "pixi's editor shows a new emitter with its default image, a soft dot 44 px across:")
    }

    /// The editor image a texture name refers to (`images/Sparks.png`, `particle`), by its file
    /// name without folder and extension, ignoring case.
    static func named(_ name: String) -> PixiEditorImage? {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        let base = file.lowercased().hasSuffix(".png") ? String(file.dropLast(4)) : file
        return all.first { $0.name.lowercased() == base.lowercased() }
    }

    /// The images of the editor's preset a legacy file is named after (`sparks.json`,
    /// `bubbleSpray.json`, `my-sparks.json`: the longest preset name the file's base name
    /// contains, ignoring case), or nil.
    static func preset(forFile baseName: String) -> (name: String, images: [PixiEditorImage])? {
        let lower = baseName.lowercased()
        let matches = presets.filter { lower.contains($0.name.lowercased()) }
        guard let best = matches.max(by: { $0.name.count < $1.name.count }) else { return nil }
        return (best.name, best.images.compactMap(named))
    }
}
