import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import MMEXSession

/// One repository of a ported slice: its model key, vended by both drivers. The status table has a row per
/// repository, and each hand-written scenario says which repositories it covers.
///
/// A slice's file declares its repositories as static members (`MMEXRepository.tags`), made from the repositories'
/// model keys. The initialisers require the key's conformances on both drivers, so a slice whose repository one
/// driver does not vend does not compile.
public struct MMEXRepository: Sendable, Hashable, CustomStringConvertible {
    /// The repository protocol's name (`TagRepository`), as the status table shows it.
    public let protocolName: String
    /// The model key's name (`TagRepositoryKey`), as its declaration spells it.
    public let keyName: String
    private let key: ObjectIdentifier
    /// Reaches the repository in the session's units of work (a write unit is rolled back).
    private let reach: @Sendable (any MMEXSession) throws -> Void

    /// A repository with a reading side: read units of work vend it too.
    package init<Key>(_ key: Key.Type) where Key: LegacyReadableRepositoryKey & ReaderWriterReadableRepositoryKey {
        self.init(Key.self) { session in
            try session.read { context in _ = context.repository(Key.self) }
            try Self.inRolledBackWrite(session) { context in _ = context.repository(Key.self) }
        }
    }

    /// A repository only write units of work vend (the import).
    package init<Key>(writeOnly key: Key.Type) where Key: LegacyRepositoryKey & ReaderWriterRepositoryKey {
        self.init(Key.self) { session in
            try Self.inRolledBackWrite(session) { context in _ = context.repository(Key.self) }
        }
    }

    private init<Key: RepositoryKey>(_ key: Key.Type, reach: @escaping @Sendable (any MMEXSession) throws -> Void) {
        protocolName = Key.repositoryName
        keyName = String(describing: Key.self)
        self.key = ObjectIdentifier(Key.self)
        self.reach = reach
    }

    /// The repository protocol's name.
    public var description: String { protocolName }

    /// The same repository: the same model key.
    public static func == (lhs: MMEXRepository, rhs: MMEXRepository) -> Bool { lhs.key == rhs.key }

    /// Hashes the model key.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// Whether `session` vends this repository, proved at run time by reaching it in a read unit of work (when it has
    /// a reading side) and in a write unit of work that is always rolled back; a failure to open either unit is
    /// thrown. A session's driver that lacked the key's conformance would stop the program there, but the
    /// initialisers make such a repository impossible to declare.
    public func isImplemented(by session: any MMEXSession) throws -> Bool {
        try reach(session)
        return true
    }

    private static func inRolledBackWrite(_ session: any MMEXSession, _ body: (any MMEXWriteContext) -> Void) throws {
        do {
            try session.write { context in
                body(context)
                throw ProbeRollback()
            }
        } catch is ProbeRollback {}
    }
}

/// Thrown to roll back the probe's unit of work.
private struct ProbeRollback: Error {}
