/// Which driver an app opens for a file: the serialized queue, the WAL pool, or the legacy connection.
///
/// ## Why the place of the file decides
/// A WAL database is three files: the main file, `-wal` (committed transactions not yet copied into the main file)
/// and `-shm`. Everything that moves or syncs only the main file (a document provider's coordinated write, iCloud
/// Drive, the Files app, a user copying the `.mmb` to desktop) then moves a file that lacks the latest committed data,
/// and the user sees changes "lost" that are still on disk beside the old path (the failure the seed documents
/// describe). So:
///
/// - **Queue for files in a document provider or cloud folder.** The queue keeps one connection and leaves the
///   journal mode alone, so a rollback-journal file (desktop's default) or a `journal_mode=MEMORY` file (the iOS
///   app's) stays one self-contained file after every commit: no WAL sidecars appear where another process moves or
///   syncs only the main file. Serialized access costs little there: such files are opened for one document at a
///   time, and every access is coordinated anyway. (A file that is already in WAL mode stays in WAL mode: the queue
///   does not rewrite the user's file.)
/// - **Pool for app-owned files** (the app container or its app group). WAL lets reads run beside a write: the UI
///   keeps reading while an import or a duplicate merge writes, each read sees one snapshot, and a widget in another
///   process can read the file while the app writes. Only this app and its extensions touch the folder, and
///   relocation moves the sidecars with the main file.
/// - **Queue for read-only access and for memory.** Turning WAL on writes the file header, which a read-only open
///   must not do; a pool needs a file for its WAL, while an in-memory sample has no file.
/// - **Legacy while the rollout says so.** Until every repository slice is ported and proven equal by the
///   differential suite, ``Rollout/legacy`` keeps the app on the driver it ships today; the switch is one value.
///
/// The benchmark command measures the cost side of this trade (queue vs pool read latency under a concurrent write);
/// the policy's reason is correctness first, and the measurement decides only between otherwise safe choices.
/// Measured on the sessions (MIGRATION.md, "Why queue or pool"): a read unit started while another thread holds a
/// 300 ms write unit returns after about 1 ms on the pool and after the write, about 302 ms, on the queue (and the
/// legacy session).
public struct SessionPolicy: Sendable, Hashable {
    /// Where a file lives, as the app knows it (from its container URLs and the URL resource values).
    public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
        /// Inside the app's own container.
        case appContainer
        /// Inside an app group container shared with the app's extensions (widgets).
        case sharedContainer
        /// Opened through a document provider (Files, another app's storage, security-scoped URL).
        case documentProvider
        /// In a ubiquitous (iCloud Drive) or other syncing cloud folder.
        case cloudFolder
        /// Not a file: the in-memory sample database.
        case memory
    }

    /// Which family of drivers the app ships with.
    public enum Rollout: String, Sendable, Hashable, Codable {
        /// Everything on the legacy driver (the app as it is today).
        case legacy
        /// The reader/writer driver, queue or pool by placement.
        case readerWriter
    }

    /// A choice and the reason for it, for logs and `driverport` output.
    public struct Decision: Sendable, Hashable {
        /// The driver to open the file with: ``DriverKind/legacy``, ``DriverKind/queue`` or ``DriverKind/pool``.
        public let driver: DriverKind
        /// Why that driver, as one lower-case clause for a log line or the command line's output.
        public let reason: String
    }

    /// Which family of drivers the app ships with; ``Rollout/legacy`` overrides every placement.
    public var rollout: Rollout

    /// A policy for the given rollout.
    ///
    /// - Parameter rollout: ``Rollout/readerWriter`` (the default) picks queue or pool by placement;
    ///   ``Rollout/legacy`` keeps every file on the legacy driver.
    public init(rollout: Rollout = .readerWriter) {
        self.rollout = rollout
    }

    /// The driver for a file at `placement` opened with `access`.
    public func driver(for placement: Placement, access: SessionAccess = .readWrite) -> DriverKind {
        decision(for: placement, access: access).driver
    }

    /// The driver and why.
    public func decision(for placement: Placement, access: SessionAccess = .readWrite) -> Decision {
        if rollout == .legacy {
            return Decision(driver: .legacy, reason: "the rollout keeps the legacy driver")
        }
        switch placement {
        case .memory:
            return Decision(driver: .queue, reason: "an in-memory database has no file for a WAL")
        case .documentProvider, .cloudFolder:
            return Decision(
                driver: .queue,
                reason: "files that are coordinated or synced as one file must not grow WAL sidecars"
            )
        case .appContainer, .sharedContainer:
            if access == .readOnly {
                return Decision(driver: .queue, reason: "a read-only open must not switch the file to WAL")
            }
            return Decision(
                driver: .pool,
                reason: "an app-owned file can use WAL: reads run beside writes, a widget can read while the app writes"
            )
        }
    }
}
