import Dispatch
import Foundation
import SQLiteEngine
import Synchronization

/// Removes the process's scratch folders when `driverport` is interrupted (SIGINT, SIGTERM, SIGHUP), then dies of
/// the same signal, so the shell sees 128 + the signal as it would without the handler.
///
/// The signals are taken from their default action and delivered to dispatch sources instead (a queue thread, not
/// a signal handler, so removing files is safe there). The removal runs while the command's own threads go on:
/// `ScratchFolder.removeAllLive()` seals the registry and renames each folder away before deleting it, so those
/// threads can neither make a new scratch folder nor write into a removed one.
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
        ScratchFolder.removeAllLive()
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
