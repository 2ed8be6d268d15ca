import ArgumentParser
import FXCore
import FXEncode
import FXSDL
import Foundation

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record an effect headless to a GIF, an MP4/WebM, an animated PNG/WebP, or a folder of PNG frames.",
        discussion: """
            OUT ending in .gif, .mp4, .webm, .apng or .webp is encoded with ffmpeg (Debian package \
            ffmpeg); OUT ending in / (or a folder that exists) gets frame-00001.png, \
            frame-00002.png, …; any other extension is an error. Frames are the \
            effect at t = i / fps, rendered as `fx render` renders: the same inputs give the same \
            PNG frames, and (ffmpeg running bit-exact) the same GIF, MP4, WebM, APNG or WebP bytes. \
            With --background transparent, PNG frames, APNG, WebP and WebM keep 8-bit alpha, GIF \
            1-bit; MP4 has none.

            Progress goes to stderr: a bar redrawn in place on a terminal, a line at every 10 % \
            elsewhere (a CI log), nothing with --quiet. A heavy prewarm is simulated before any \
            file is made, with its own progress; Ctrl-C (exit status 130) or SIGTERM (143) then \
            stops fx with nothing written.

            Example: fx record confetti --seconds 3 --fps 30 --size 400x300 --out confetti.gif
            """)

    @OptionGroup var options: EffectOptions

    @Option(help: "Seconds to record (default: the effect's duration).")
    var seconds: Double?

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(help: "Frame size in pixels, WxH (default: the canvas size).")
    var size: PixelSize?

    @Option(help: "A .gif, .mp4, .webm, .apng or .webp file, or a folder for PNG frames (ending in /, or existing).")
    var out: String

    @Flag(help: "Print no progress.")
    var quiet = false

    @Option(help: CanvasBackground.help, transform: { try CanvasBackground.parse($0) })
    var background: CanvasBackground?

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= 240 else {
            throw ValidationError("--fps must be more than 0 and at most 240 frames per second, got \(format(fps))")
        }
        if let seconds {
            guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw ValidationError("--seconds must be more than 0 and at most 3600, got \(format(seconds))")
            }
        }
        _ = try RecordOutput.choose(out)
    }

    func run() throws {
        let loaded = try options.load()
        let effect = background?.applied(to: loaded) ?? loaded
        let duration = seconds ?? effect.duration
        let frameCount = max(1, Int((duration * fps).rounded()))
        do {
            let renderer = try FrameSequence(effect: effect, seed: options.seed, stepRate: options.stepRate,
                                             size: size.map { ($0.width, $0.height) }, defersPrewarm: true)
            // A reduced-motion still records its one moment in every frame.
            let still = options.showsStill(effect)
            // The prewarm (and a still's time) in slices, before any file is made: a heavy one
            // shows its progress and stops on Ctrl-C or SIGTERM with nothing written.
            try SlicedSeek.seek(renderer.player, to: still ? effect.representativeTime : 0,
                                what: "\(effect.name) to its first frame", quiet: quiet)
            var made: VideoEncoder?
            if case .video(let format) = try RecordOutput.choose(out) {
                made = try VideoEncoder(path: out, format: format, width: renderer.width, height: renderer.height, framesPerSecond: fps,
                                    transparent: background?.isTransparent ?? false)
            } else {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            }
            let encoder = made
            let progress = ProgressBar(total: frameCount, style: quiet ? .quiet : nil)
            var sawParticle = false
            // Stepping, drawing and encoding overlap (FrameSequence.render): frame i is drawn
            // while the simulation steps to frame i + 1, and written while frame i + 1 is drawn.
            try renderer.render(count: frameCount, time: { index in still ? effect.representativeTime : Double(index) / fps },
                                stepped: { _ in
                                    // An effect without emitters never "draws no particle": it counts as seen.
                                    sawParticle = sawParticle || !renderer.world.drawsNoParticle
                                }, deliver: { [out] index, image in
                                    if let encoder {
                                        try encoder.append(image)
                                    } else {
                                        let name = String(format: "frame-%05d.png", index + 1)
                                        try PNGFile.write(image, to: (out as NSString).appendingPathComponent(name))
                                    }
                                    progress.update(index + 1)
                                })
            try encoder?.finish()
            progress.finish()
            reportBudget(renderer.world)
            if !sawParticle {
                reportNoParticle(effect, at: "in any recorded frame (0 to \(format(Double(frameCount - 1) / fps)) s)", chosenTime: nil)
            }
            print(out)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }
}
