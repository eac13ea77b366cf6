import MMEXModel
import MMEXSession
import PersistenceSession

/// A repository the reader/writer driver (queue and pool alike) vends in write units of work.
///
/// Each repository file conforms its model key to this protocol (or to ``ReaderWriterReadableRepositoryKey``) at its
/// end: `extension TagRepositoryKey: ReaderWriterReadableRepositoryKey { ... }`. The slice's `MMEXRepository`
/// requires the conformance, so a slice without its reader/writer repository does not compile.
package protocol ReaderWriterRepositoryKey: RepositoryKey {
    /// The repository, working in `unit`.
    static func writing(in unit: ReaderWriterUnit) -> Writing
}

/// A repository the reader/writer driver vends in read units of work too.
package protocol ReaderWriterReadableRepositoryKey: ReaderWriterRepositoryKey, ReadableRepositoryKey {
    /// The repository's reading side, working in `unit`.
    static func reading(in unit: ReaderWriterUnit) -> Reading
}

/// The context of a reader/writer read unit of work: the reading side of every repository, vended by key from each
/// repository file's conformance to ``ReaderWriterReadableRepositoryKey``.
struct ReaderWriterReadContext: MMEXReadContext {
    /// The unit of work every repository of this context works in.
    let unit: ReaderWriterUnit

    func repository<Key: ReadableRepositoryKey>(_ key: Key.Type) -> Key.Reading {
        RepositoryVending.vended(
            (key as? any ReaderWriterReadableRepositoryKey.Type)?.reading(in: unit), key: key, driver: "reader/writer"
        )
    }
}

/// The context of a reader/writer write unit of work: every repository with its writing side, vended by key from
/// each repository file's conformance to ``ReaderWriterRepositoryKey``.
struct ReaderWriterWriteContext: MMEXWriteContext {
    /// The unit of work every repository of this context works in.
    let unit: ReaderWriterUnit

    func repository<Key: RepositoryKey>(_ key: Key.Type) -> Key.Writing {
        RepositoryVending.vended(
            (key as? any ReaderWriterRepositoryKey.Type)?.writing(in: unit), key: key, driver: "reader/writer"
        )
    }
}
