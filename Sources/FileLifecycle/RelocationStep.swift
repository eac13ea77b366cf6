/// The boundaries between the relocation's steps, in the order it reaches them.
///
/// An observer sees each boundary as it is crossed. Every boundary is a point where the process may die (the user
/// swipes the app away, the system kills it); the relocation is written so that running it again from any of these
/// points finishes the move and loses nothing. The crash tests stop the `driverport relocate` child exactly here.
public enum RelocationStep: String, CaseIterable, Sendable {
    /// Nothing looked at yet.
    case started
    /// Both locations examined (and, when both hold a database, both read); nothing changed yet.
    case decided
    /// The database to move is open and recovered, its WAL not yet checkpointed.
    case sourceOpened
    /// The database to move is closed with every committed transaction in its main file.
    case sourceSettled
    /// The empty database at the destination lost its sidecars; its main file is still there.
    case destinationSidecarsRemoved
    /// The empty database at the destination is gone.
    case destinationCleared
    /// The main file is at the destination. From here on the relocation never falls back.
    case mainMoved
    /// The `-wal` followed the main file.
    case walMoved
    /// The `-shm` followed the main file.
    case shmMoved
    /// The `-journal` followed the main file.
    case journalMoved
    /// The result is decided.
    case finished

    /// The step that follows moving `sidecar`.
    static func moved(_ sidecar: Sidecar) -> RelocationStep {
        switch sidecar {
        case .wal: .walMoved
        case .shm: .shmMoved
        case .journal: .journalMoved
        }
    }
}

/// Sees each step boundary as the relocation crosses it (synchronously, on the relocating thread).
public typealias RelocationObserver = @Sendable (RelocationStep) -> Void
