import FXCore
import Foundation

/// Writes a ``CoreAnimationDocument`` as a `.ca` bundle: `main.caml`, `index.xml` naming it as
/// the root document, `assetManifest.caml`, and `assets/` with the images.
///
/// `main.caml` is written in the encoding Apple's own documents and the wallpaper editors use
/// (see docs/exporting.md): `<caml xmlns="http://www.apple.com/CoreAnimation/1.0">` holding the
/// root `<CALayer>`; each object an element named by its class; scalar properties as attributes
/// named by their key-value-coding names (points and sizes `"x y"`, rects `"x y w h"`, colors
/// `"r g b"`, booleans `0`/`1`, `inf`, transforms as `translate(…) rotate(…deg) scale(…)`);
/// colors with alpha, images, paths and lists as child elements (`<backgroundColor opacity="0.5"
/// value="1 0 0"/>`, `<contents type="CGImage" src="assets/star.png"/>`,
/// `<path type="CGPath" value="M 0 0 L 10 0"/>`, `<locations><real value="0.5"/></locations>`);
/// `<sublayers>`, `<mask>`, `<emitterCells>`, `<emitterBehaviors>`; and `<animations>` whose
/// elements are named by the animation's key with `type=` its class (`<p key="…">` when the key
/// is not an XML name), a group's own children named by their class. Each level indents two
/// spaces, eight spaces making a tab, as Apple's files do.
enum CAMLWriter: CoreAnimationWriter {
    /// Core Animation's XML namespace.
    static let namespace = "http://www.apple.com/CoreAnimation/1.0"
    /// The document `index.xml` names.
    static let rootDocument = "main.caml"
    /// The folder of the images, inside the bundle.
    static let assetsFolder = "assets"

    static func files(for document: CoreAnimationDocument, name: String) -> [ExportedFile] {
        var writer = CAMLDocumentWriter(assets: CAMLAssets(document.images))
        writer.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", depth: 0)
        writer.line("<caml xmlns=\"\(namespace)\">", depth: 0)
        writer.object(document.root, element: document.root.className, depth: 1)
        writer.line("</caml>", depth: 0)
        var files = [ExportedFile(relativePath: rootDocument, contents: .text(writer.text)),
                     ExportedFile(relativePath: "index.xml", contents: .text(indexXML)),
                     ExportedFile(relativePath: "assetManifest.caml", contents: .text(assetManifest))]
        for asset in writer.assets.files {
            switch asset.image {
            case .builtin(let texture):
                files.append(ExportedFile(relativePath: asset.path, contents: .image(texture.image(level: 0))))
            case .file(_, let path):
                files.append(ExportedFile(relativePath: asset.path, contents: .copy(path)))
            }
        }
        return files
    }

    /// The bundle's index, a property list naming `main.caml` as the root document, as
    /// CAPlayground and Apple's tools write it.
    static let indexXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>rootDocument</key>
        \t<string>\(rootDocument)</string>
        </dict>
        </plist>

        """

    /// The empty asset manifest the wallpaper tools expect beside `main.caml`.
    static let assetManifest = """
        <?xml version="1.0" encoding="UTF-8"?>
        <caml xmlns="\(namespace)">
          <MicaAssetManifest>
            <modules type="NSArray"/>
          </MicaAssetManifest>
        </caml>

        """
}

/// The images of a bundle: each image's path under `assets/`, unique, in first-use order.
struct CAMLAssets {
    private(set) var files: [(image: CoreAnimationImage, path: String)] = []
    private var used: Set<String> = []

    init(_ images: [CoreAnimationImage]) {
        for image in images { _ = path(of: image) }
    }

    /// The bundle-relative path of `image` (`assets/star.png`), made on first use: a built-in
    /// texture is `assets/NAME.png`, a file keeps its file name (`-2`… when two would clash).
    mutating func path(of image: CoreAnimationImage) -> String {
        if let known = files.first(where: { $0.image == image }) { return known.path }
        let fileName: String
        switch image {
        case .builtin(let texture): fileName = texture.rawValue + ".png"
        case .file(let name, _):
            let last = name.split(separator: "/").last.map(String.init) ?? name
            fileName = last.isEmpty || last == "." || last == ".." ? "image.png" : last
        }
        let url = URL(fileURLWithPath: fileName)
        let base = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
        var candidate = fileName
        var number = 2
        while used.contains(candidate.lowercased()) {
            candidate = "\(base)-\(number)" + (ext.isEmpty ? "" : "." + ext)
            number += 1
        }
        used.insert(candidate.lowercased())
        let path = CAMLWriter.assetsFolder + "/" + candidate
        files.append((image, path))
        return path
    }
}
