import MMEXModel
import MMEXSession
import PersistenceSession

/// A repository the legacy driver vends in write units of work.
///
/// Each repository file conforms its model key to this protocol (or to ``LegacyReadableRepositoryKey``) at its end:
/// `extension TagRepositoryKey: LegacyReadableRepositoryKey { ... }`. The slice's `MMEXRepository` requires the
/// conformance, so a slice without its legacy repository does not compile.
package protocol LegacyRepositoryKey: RepositoryKey {
    /// The repository, working in `unit`.
    static func writing(in unit: LegacyUnit) -> Writing
}

/// A repository the legacy driver vends in read units of work too.
package protocol LegacyReadableRepositoryKey: LegacyRepositoryKey, ReadableRepositoryKey {
    /// The repository's reading side, working in `unit`.
    static func reading(in unit: LegacyUnit) -> Reading
}

/// The context of a legacy read unit of work: the reading side of every repository, vended by key from each
/// repository file's conformance to ``LegacyReadableRepositoryKey``.
struct LegacyReadContext: MMEXReadContext {
    /// The unit of work every repository of this context works in.
    let unit: LegacyUnit

    func repository<Key: ReadableRepositoryKey>(_ key: Key.Type) -> Key.Reading {
        RepositoryVending.vended(
            (key as? any LegacyReadableRepositoryKey.Type)?.reading(in: unit), key: key, driver: "legacy"
        )
    }
}

/// The context of a legacy write unit of work: every repository with its writing side, vended by key from each
/// repository file's conformance to ``LegacyRepositoryKey``.
struct LegacyWriteContext: MMEXWriteContext {
    /// The unit of work every repository of this context works in.
    let unit: LegacyUnit

    func repository<Key: RepositoryKey>(_ key: Key.Type) -> Key.Writing {
        RepositoryVending.vended((key as? any LegacyRepositoryKey.Type)?.writing(in: unit), key: key, driver: "legacy")
    }
}
