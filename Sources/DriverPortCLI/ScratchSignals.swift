import Dispatch
import Foundation
import SQLiteEngine
import Synchronization

/// Removes the process's scratch folders when `driverport` is interrupted (SIGINT, SIGTERM, SIGHUP), then dies of
/// the same signal, so the shell sees 128 + the signal as it would without the handler.
///
/// The signals are taken from their default action and delivered to dispatch sources instead (a queue thread, not
/// a signal handler, so removing files is safe there); the removal runs while the command's own thread goes on, and
/// a folder made after it began is refused by nothing, so the removal is repeated just before the process dies.
enum ScratchSignals {
    /// The installed sources, kept alive for the run (guarded by the mutex itself).
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// The signals that end a run and remove its scratch.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers once per process.
    static func install() {
        sources.withLock { installed in
            guard installed.isEmpty else { return }
            let queue = DispatchQueue(label: "driverport.scratch-signals")
            for number in terminating {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { terminate(with: number) }
                source.resume()
                installed.append(source)
            }
        }
    }

    /// Whether a terminating signal arrived (guarded by the mutex itself).
    private static let terminatingNow = Mutex(false)

    /// Called as the command returns: when a signal is being handled, waits for the handler to end the process, so
    /// the command's own exit (its files vanished under it) never replaces the signal's.
    static func settle() {
        guard terminatingNow.withLock({ $0 }) else { return }
        while true { pause() }
    }

    private static func terminate(with number: Int32) {
        terminatingNow.withLock { $0 = true }
        let paths = ScratchFolder.livePaths
        ScratchFolder.removeAllLive()
        // Again, for a folder the command's thread may have re-created meanwhile (a copy made as the signal came).
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        signal(number, SIG_DFL)
        // The dispatch thread this runs on has the signal blocked: unblock it here, so raising it ends the process
        // at once, killed by the signal (the fallback only if that fails).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
    }
}
