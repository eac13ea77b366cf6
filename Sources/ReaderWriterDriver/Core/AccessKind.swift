/// The kind of database access a `db` handle was given for; decides what the handle may do.
@usableFromInline
enum AccessKind: Sendable {
    /// `read`: a read-only transaction (one snapshot).
    case read
    /// `unsafeRead`: read-only, no transaction.
    case unsafeRead
    /// `write`: an IMMEDIATE transaction.
    case write
    /// `writeWithoutTransaction`.
    case writeWithoutTransaction
    /// `barrierWriteWithoutTransaction`.
    case barrierWrite
    /// `Configuration.prepareDatabase` on a new connection.
    case setup
    /// The driver's own work (closing, restoring the journal mode).
    case maintenance

    var name: String {
        switch self {
        case .read: "read"
        case .unsafeRead: "unsafeRead"
        case .write: "write"
        case .writeWithoutTransaction: "writeWithoutTransaction"
        case .barrierWrite: "barrierWriteWithoutTransaction"
        case .setup: "prepareDatabase"
        case .maintenance: "close"
        }
    }

    var isReadOnly: Bool {
        switch self {
        case .read, .unsafeRead: true
        default: false
        }
    }
}
