import FXCore
import Foundation

extension FrameSequence {
    /// Renders `count` frames in order, three stages at once: the caller's thread steps the
    /// simulation to each frame's time and builds its draw list; a thread of its own rasterizes
    /// and averages down each list (with the player's threads, as ``frame(at:)`` does) while the
    /// simulation steps on to the next frame; and another hands each frame to `deliver` (an
    /// encoder's pipe, a PNG file) while the next is drawn.
    ///
    /// Frame `i` is exactly ``frame(at:)`` at `time(i)`: the simulation steps in order on one
    /// thread, and a draw list is drawn the same whichever thread draws it. `deliver` gets the
    /// frames strictly in order. At most `framesInFlight` draw lists and as many frames exist at
    /// once, reused from frame to frame, so memory stays bounded whatever the count.
    ///
    /// After the first error (`deliver`'s, or a frame that cannot be drawn) no more frames are
    /// made; the stages finish and the error is thrown.
    /// - Parameters:
    ///   - count: how many frames.
    ///   - framesInFlight: how far the simulation may run ahead of `deliver` (at least 1).
    ///   - time: frame `i`'s effect time, in seconds; called on the caller's thread, in order.
    ///   - stepped: called on the caller's thread once the simulation is at frame `i` (its draw
    ///     list built), before the next step: ``world`` is then that frame's.
    ///   - deliver: called on a thread of its own with each frame's index and pixels, in order.
    ///     The pixels' storage is reused for a later frame once it returns: a copy kept is copied.
    public func render(count: Int, framesInFlight: Int = 3, time: (Int) -> Double, stepped: (Int) -> Void = { _ in },
                       deliver: @escaping (Int, RGBAImage) throws -> Void) throws {
        guard count > 0 else { return }
        // The rasterizer draws with the player's threads too (the same pixels with any number).
        renderer.threads = player.threads
        let inFlight = max(1, framesInFlight)
        let failure = FirstError()
        let freeLists = BoundedQueue<DrawList>(capacity: inFlight), drawn = BoundedQueue<(Int, DrawList)>(capacity: inFlight)
        let freeFrames = BoundedQueue<FrameBuffer>(capacity: inFlight), rendered = BoundedQueue<(Int, FrameBuffer)>(capacity: inFlight)
        freeLists.push(list)
        for _ in 1..<inFlight { freeLists.push(DrawList()) }
        for _ in 0..<inFlight { freeFrames.push(FrameBuffer(width: width, height: height)) }
        let renderer = self.renderer
        let finished = DispatchSemaphore(value: 0)
        // Draws each list, in order, and passes its frame on (or, after an error, only gives
        // the list back, so that the caller's thread never waits for one).
        let drawing = Thread {
            while let (index, list) = drawn.pop() {
                if failure.error == nil, let frame = freeFrames.pop() {
                    do {
                        try renderer.render(list, into: &frame.image)
                        rendered.push((index, frame))
                    } catch {
                        failure.record(error)
                        freeFrames.push(frame)
                    }
                }
                freeLists.push(list)
            }
            rendered.close()
            finished.signal()
        }
        // Hands each frame on, in order, and gives its storage back.
        let delivering = Thread {
            while let (index, frame) = rendered.pop() {
                if failure.error == nil {
                    do { try deliver(index, frame.image) } catch { failure.record(error) }
                }
                freeFrames.push(frame)
            }
            finished.signal()
        }
        drawing.name = "fx.record.draw"
        delivering.name = "fx.record.deliver"
        drawing.start()
        delivering.start()
        for index in 0..<count {
            guard failure.error == nil, let list = freeLists.pop() else { break }
            player.seek(to: time(index))
            player.buildDrawList(into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
            stepped(index)
            drawn.push((index, list))
        }
        drawn.close()
        finished.wait()
        finished.wait()
        if let error = failure.error { throw error }
    }
}

/// One frame's pixels, handed from stage to stage and reused.
private final class FrameBuffer: @unchecked Sendable {
    var image: RGBAImage

    init(width: Int, height: Int) {
        image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }
}

/// The first error of any stage.
private final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Error?

    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    func record(_ error: Error) {
        lock.lock()
        defer { lock.unlock() }
        if first == nil { first = error }
    }
}
