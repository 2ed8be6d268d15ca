import FXCore
import Foundation

extension SpriteKitMapping {
    /// The particle's image as the effect uses it.
    struct Texture {
        /// The cell's `contents`: the texture's name under `textures`, or a built-in's.
        var contents: String
        /// Whether the particle has an image (SpriteKit draws an untextured one as a rectangle
        /// of its color).
        var textured: Bool
        /// The image's size in pixels, which fx's `scale` multiplies.
        var pixelSize: (Double, Double)
        /// The texture's size in points (`SKTexture`'s `_size`), SpriteKit's particle size when
        /// `particleSize` is {0, 0}.
        var pointSize: (Double, Double)
        /// The effect's `textures` members.
        var textures: [ImportedMember]
    }

    /// How many folder entries the search for a named image looks at, in all (an asset catalog
    /// beside the file; a `.sks` in a huge folder must not make the import crawl it).
    static let maximumSearchedEntries = 5000

    /// The texture (`_particleTexture`, an archived `SKTexture`: `_imgName`, or `_isData` with
    /// `_imageData`, the image file's bytes): embedded bytes are written beside the effect; a
    /// name is looked for beside the source (NAME, NAME.png, NAME@2x.png, NAME@3x.png, NAME.jpg),
    /// then in the asset catalogs (`*.xcassets/…/NAME.imageset`) and `.atlas` folders beside it
    /// or one folder up, as Xcode's bundle would hold it; else the built-in "disc".
    mutating func texture() throws -> Texture {
        let untextured = Texture(contents: BuiltinTexture.square.rawValue, textured: false, pixelSize: (64, 64), pointSize: (64, 64), textures: [])
        guard let texture = try archive.object("_particleTexture", of: emitter) else {
            warn("particleTexture", "none: SpriteKit draws each particle as a rectangle of its color, as fx's built-in \"square\" does")
            return untextured
        }
        // The texture's size in points, when it is a usable one.
        let points = try archive.pair("_size", of: texture).flatMap { $0.0.isFinite && $0.1.isFinite && $0.0 > 0 && $0.1 > 0 ? $0 : nil }
        func fallback(_ why: String) -> Texture {
            warn("particleTexture", why + "; the built-in \"disc\" (64 px, soft) is used instead")
            let size = points ?? (64, 64)
            return Texture(contents: BuiltinTexture.disc.rawValue, textured: true, pixelSize: (64, 64), pointSize: size, textures: [])
        }
        func accepted(_ bytes: Data, named file: String) -> Texture? {
            guard let (kind, size) = Self.imageSize(bytes) else { return nil }
            let written = filePrefix + "-" + file + (kind == "tiff" ? ".png" : "." + kind)
            files.append(ImportedFile(relativePath: written, contents: bytes, convertsToPNG: kind == "tiff"))
            let pointSize = points ?? size
            return Texture(contents: textureName, textured: true, pixelSize: size, pointSize: pointSize,
                           textures: [ImportedMember(entry: textureName, .string(written))])
        }
        let imageName = try archive.string("_imgName", of: texture) ?? ""
        if try archive.number("_isData", of: texture) == 1 {
            guard let bytes = try archive.data("_imageData", of: texture), !bytes.isEmpty else {
                return fallback("the embedded image (_isData) has no _imageData")
            }
            if let found = accepted(Data(bytes), named: "texture") { return found }
            return fallback("the embedded image is not a PNG, JPEG or TIFF")
        }
        if let atlas = try archive.string("_originalAtlasName", of: texture), !atlas.isEmpty {
            warn("particleTexture", "comes from the texture atlas \"\(atlas)\"; fx looks for the image \"\(imageName)\" on its own")
        }
        guard !imageName.isEmpty else { return fallback("names no image") }
        if let (url, bytes) = findImage(named: imageName) {
            let base = URL(fileURLWithPath: imageName).deletingPathExtension().lastPathComponent
            if let found = accepted(bytes, named: base.isEmpty ? "texture" : base) { return found }
            return fallback("\(url.lastPathComponent) is not a PNG, JPEG or TIFF")
        }
        return fallback("the image \"\(imageName)\" was not found beside \(URL(fileURLWithPath: source.path).lastPathComponent), in an asset catalog (NAME.imageset) or an .atlas folder there or one folder up")
    }

    /// The image file `name` (as SKTexture's `_imgName` writes it, with or without an extension)
    /// beside the source, or in an asset catalog or atlas folder near it; read through the
    /// bounded reader (``ImportSource/sibling(_:)``).
    func findImage(named name: String) -> (URL, Data)? {
        let folder = source.folder
        let url = URL(fileURLWithPath: name)
        let ext = url.pathExtension.lowercased()
        let base = url.deletingPathExtension().lastPathComponent
        let known = ["png", "jpg", "jpeg"]
        // "spark" is looked for as spark.png, spark@2x.png…; "spark.png" as itself first.
        let stem = known.contains(ext) ? String(name.dropLast(ext.count + 1)) : name
        var candidates: [String] = known.contains(ext) ? [] : [name]
        for kind in known.contains(ext) ? [ext] : known {
            candidates += ["", "@2x", "@3x"].map { stem + $0 + "." + kind }
        }
        for candidate in candidates {
            let path = folder.appendingPathComponent(candidate)
            if let data = ImportSource.sibling(path), Self.imageSize(data) != nil { return (path, data) }
        }
        // Asset catalogs and atlas folders, here and one folder up (Xcode keeps a scene's
        // .sks beside Assets.xcassets, or in a group folder below it).
        var budget = Self.maximumSearchedEntries
        for root in [folder, folder.deletingLastPathComponent()] {
            if let found = searchCatalogs(in: root, base: base, budget: &budget) { return found }
        }
        return nil
    }

    /// Looks through `root`'s `*.xcassets`, `*.atlas` and `*.spriteatlas` folders for
    /// `base.imageset` (its largest image) or `base.png` / `base@2x.png` in an atlas folder,
    /// looking at no more than `budget` entries (hidden ones and symbolic links skipped).
    func searchCatalogs(in root: URL, base: String, budget: inout Int) -> (URL, Data)? {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return nil }
        let catalogs = entries.prefix(budget).filter { ["xcassets", "atlas", "spriteatlas"].contains($0.pathExtension.lowercased()) }
        budget -= min(entries.count, budget)
        for catalog in catalogs {
            guard let walker = manager.enumerator(at: catalog, includingPropertiesForKeys: [.isSymbolicLinkKey], options: [.skipsHiddenFiles]) else { continue }
            while budget > 0, let entry = walker.nextObject() as? URL {
                budget -= 1
                if walker.level > 6 { walker.skipDescendants(); continue }
                let last = entry.lastPathComponent
                if last == base + ".imageset" {
                    let images = ((try? manager.contentsOfDirectory(at: entry, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])) ?? [])
                        .prefix(64).compactMap { url in ImportSource.sibling(url).flatMap { data in Self.imageSize(data).map { (url, data, $0.1.0) } } }
                    if let best = images.max(by: { $0.2 < $1.2 }) { return (best.0, best.1) }
                } else if ["atlas", "spriteatlas"].contains(entry.deletingLastPathComponent().pathExtension.lowercased()),
                          [base + ".png", base + "@2x.png", base + "@3x.png"].contains(last),
                          let data = ImportSource.sibling(entry), Self.imageSize(data) != nil {
                    return (entry, data)
                }
            }
        }
        return nil
    }

    /// The kind ("png", "jpg" or "tiff") and pixel size of an image file, or nil when it is none
    /// of them (read from the PNG IHDR, the JPEG start-of-frame, the TIFF's first directory).
    static func imageSize(_ data: Data) -> (String, (Double, Double))? {
        let bytes = [UInt8](data.prefix(64 * 1024))
        func big(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), let width = big(16, 4), let height = big(20, 4), width > 0, height > 0 {
            return ("png", (Double(width), Double(height)))
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            // Segments until a start of frame (SOF0…SOF15 but DHT, JPG and DAC), within the prefix.
            var offset = 2
            while offset + 9 < bytes.count, bytes[offset] == 0xFF {
                let marker = bytes[offset + 1]
                guard let length = big(offset + 2, 2), length >= 2 else { return nil }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard let height = big(offset + 5, 2), let width = big(offset + 7, 2), width > 0, height > 0 else { return nil }
                    return ("jpg", (Double(width), Double(height)))
                }
                offset += 2 + length
            }
            return nil
        }
        if bytes.count >= 8, (bytes[0] == 0x49 && bytes[1] == 0x49) || (bytes[0] == 0x4D && bytes[1] == 0x4D) {
            let header = ImportedResources.pngHeader(ofTIFF: [UInt8](data))
            if let width = ParticleDesignerMapping.tiffWidth(data), let height = Optional(header[20..<24].reduce(0) { $0 << 8 | Int($1) }), height > 0 {
                return ("tiff", (width, Double(height)))
            }
        }
        return nil
    }
}
