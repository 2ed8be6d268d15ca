import CSDL2
import FXCore

extension WindowPlayer {
    /// The g key's recording: the one running, if any, and how many were started, which
    /// numbers the files so that a second recording does not overwrite the first.
    struct RecordingState {
        var recorder: WindowRecorder?
        var count = 0
    }

    /// Starts a recording to `fx-recording-NAME-N.gif` in the current folder, or finishes the
    /// one running.
    func toggleRecording(_ state: inout LoopState, renderer: OpaquePointer) {
        if let recorder = state.recording.recorder {
            finish(recorder)
            state.recording.recorder = nil
            return
        }
        state.recording.count += 1
        let path = "fx-recording-\(effect.name)-\(state.recording.count).gif"
        do {
            state.recording.recorder = try WindowRecorder(renderer: renderer, path: path, canvas: effect.canvas.size)
            log("recording to \(path); press g again to stop")
        } catch {
            log("cannot record: \(error)")
        }
    }

    /// Adds the frame just drawn to the recording, when one runs and a frame is due. A failure
    /// stops the recording and says why; the window plays on.
    func captureRecording(_ state: inout LoopState, clock: Double) {
        guard let recorder = state.recording.recorder else { return }
        do {
            try recorder.capture(clock: clock)
        } catch {
            log("recording stopped: \(error)")
            state.recording.recorder = nil
        }
    }

    /// Writes out the recording and says where it went.
    func finish(_ recorder: WindowRecorder) {
        do {
            try recorder.finish()
            log("wrote \(recorder.path) (\(recorder.frameCount) frames)")
        } catch {
            log("recording failed: \(error)")
        }
    }
}
