import Foundation

/// Which file to open, and what the relocation did to get there.
public struct RelocationResult: Sendable, Equatable {
    /// Where the database to open lives.
    public enum Location: String, Sendable, Codable {
        /// The legacy folder (the relocation fell back, or there was nowhere to move to).
        case legacy
        /// The shared container.
        case destination
    }

    /// The database file to open (it may not exist yet when there was no database anywhere).
    public let path: URL
    /// Which of the two locations ``path`` is.
    public let location: Location
    /// Whether this run moved the main file or at least one sidecar into the container.
    public let moved: Bool
    /// Why ``path`` is the legacy file although a container was asked for; `nil` when it is not.
    public let fallbackReason: FallbackReason?
    /// Sidecars still in the legacy folder after the main file moved. A later run retries the ones it can move.
    public let pendingSidecars: [PendingSidecar]

    /// A result as the relocation reports it (a test or an app's own launch routine may build one).
    ///
    /// - Parameters:
    ///   - path: The database file to open.
    ///   - location: Which of the two locations `path` is.
    ///   - moved: Whether this run moved the main file or at least one sidecar.
    ///   - fallbackReason: Why `path` is the legacy file although a container was asked for, or `nil`.
    ///   - pendingSidecars: Sidecars still in the legacy folder after the main file moved.
    public init(
        path: URL, location: Location, moved: Bool, fallbackReason: FallbackReason? = nil,
        pendingSidecars: [PendingSidecar] = []
    ) {
        self.path = path
        self.location = location
        self.moved = moved
        self.fallbackReason = fallbackReason
        self.pendingSidecars = pendingSidecars
    }

    /// Both locations hold rows: nothing was moved, the legacy file is in use, and the app should tell the user.
    public var conflict: Bool { fallbackReason == .conflict }

    /// Whether the database at ``path`` may be opened now.
    ///
    /// `false` while a sidecar that carries committed transactions (a non-empty `-wal`, a hot `-journal`) failed to
    /// follow the main file: opening the main file without it would show old data, and SQLite would start a fresh
    /// `-wal` beside it that the stranded one could then never replace. Run the relocation again (next launch)
    /// before opening.
    public var isSafeToOpen: Bool {
        !pendingSidecars.contains { $0.carriesTransactions && $0.state != .destinationHasOne }
    }

    /// Whether something needs a person: a conflict, or a sidecar with transactions that can never be moved
    /// because the destination already has its own.
    public var needsAttention: Bool {
        conflict || pendingSidecars.contains { $0.carriesTransactions && $0.state == .destinationHasOne }
    }
}

/// A sidecar left in the legacy folder after the main file moved.
public struct PendingSidecar: Sendable, Equatable {
    /// Why it is still there.
    public enum State: Sendable, Equatable {
        /// Moving it failed; the next run tries again.
        case moveFailed(reason: String)
        /// The destination already has this sidecar, which is never overwritten.
        case destinationHasOne
    }

    /// Which sidecar (`-wal`, `-shm` or `-journal`).
    public let sidecar: Sidecar
    /// Its path in the legacy folder.
    public let path: String
    /// Why it is still there: a failed move to retry, or a destination that already has one.
    public let state: State
    /// Whether it holds committed transactions (a non-empty `-wal`) or undo pages (a hot `-journal`).
    public let carriesTransactions: Bool

    /// A sidecar left behind, as the relocation reports it.
    ///
    /// - Parameters:
    ///   - sidecar: Which sidecar.
    ///   - path: Its path in the legacy folder.
    ///   - state: Why it is still there.
    ///   - carriesTransactions: Whether it holds committed transactions or undo pages the main file needs.
    public init(sidecar: Sidecar, path: String, state: State, carriesTransactions: Bool) {
        self.sidecar = sidecar
        self.path = path
        self.state = state
        self.carriesTransactions = carriesTransactions
    }
}

/// Why the relocation kept the legacy path.
public enum FallbackReason: Sendable, Equatable, CustomStringConvertible {
    /// No shared container (entitlement missing, container could not be created).
    case noContainer
    /// The system reported a container path that does not exist (Mac Catalyst before provisioning).
    case containerMissing(path: String)
    /// Both the legacy file and the destination hold rows; neither was touched.
    case conflict
    /// The legacy database is open in another connection; moving it under that connection could lose its writes.
    case sourceInUse(detail: String)
    /// The legacy database could not be read to tell whether it holds rows.
    case sourceUnreadable(detail: String)
    /// The legacy database could not be opened, rolled back or checkpointed before the move.
    case sourceNotSettled(detail: String)
    /// The database at the destination could not be read to tell whether it holds rows.
    case destinationUnreadable(detail: String)
    /// Something other than a database is in the way at the destination (a folder, or a `-wal` / hot `-journal`
    /// without its database).
    case destinationOccupied(detail: String)
    /// The empty database at the destination is open in another connection.
    case destinationInUse(detail: String)
    /// The empty database at the destination could not be removed.
    case removeFailed(detail: String)
    /// Renaming the main file into the container failed.
    case moveFailed(detail: String)

    /// A stable name for machines (the CLI's JSON `fallbackReason`).
    public var code: String {
        switch self {
        case .noContainer: "noContainer"
        case .containerMissing: "containerMissing"
        case .conflict: "conflict"
        case .sourceInUse: "sourceInUse"
        case .sourceUnreadable: "sourceUnreadable"
        case .sourceNotSettled: "sourceNotSettled"
        case .destinationUnreadable: "destinationUnreadable"
        case .destinationOccupied: "destinationOccupied"
        case .destinationInUse: "destinationInUse"
        case .removeFailed: "removeFailed"
        case .moveFailed: "moveFailed"
        }
    }

    public var description: String {
        switch self {
        case .noContainer: "no shared container is available"
        case .containerMissing(let path): "the container \(path) was reported but does not exist"
        case .conflict: "both the legacy file and the destination hold rows; nothing was moved"
        case .sourceInUse(let detail): "the legacy database is in use: \(detail)"
        case .sourceUnreadable(let detail): "the legacy database cannot be read: \(detail)"
        case .sourceNotSettled(let detail): "the legacy database could not be prepared for the move: \(detail)"
        case .destinationUnreadable(let detail): "the database at the destination cannot be read: \(detail)"
        case .destinationOccupied(let detail): "the destination is taken: \(detail)"
        case .destinationInUse(let detail): "the empty database at the destination is in use: \(detail)"
        case .removeFailed(let detail): "the empty database at the destination could not be removed: \(detail)"
        case .moveFailed(let detail): "moving the database failed: \(detail)"
        }
    }
}
