import MMEXModel
import PersistenceSession

/// What a read unit of work can reach: the reading side of every repository.
///
/// The session passes a context to the closure of ``MMEXSession``'s `read`; repositories obtained from it are
/// valid only inside that closure (on the legacy driver they use the retained connection, on the reader/writer
/// driver the connection the queue or pool lent to this read). A read sees one consistent state of the file from its
/// first statement to its end.
///
/// Repositories are vended by key (`ReadRepositories`' one requirement); the accessors (`context.infoTable`,
/// `context.tags`, ...) are declared with each repository's key in its model file, so a slice adds its repository
/// without editing this file. A driver vends a key by conforming it to the driver's own key protocol in the
/// repository's file; the slice's definition (`MMEXRepository` in MMEXDifferential) requires both drivers'
/// conformances, so a slice one driver lacks does not compile.
public protocol MMEXReadContext: ReadRepositories {}

/// What a write unit of work can reach: every repository with its writing side.
///
/// Everything done through one context commits together when the closure of ``MMEXSession``'s `write`
/// returns, and rolls back together when it throws. Reads through it see the unit's own uncommitted writes.
///
/// It is deliberately not a refinement of ``MMEXReadContext``: the same names vend the writing protocols (each of
/// which refines its reading protocol, so a helper that takes `any InfoTableReading` accepts either). A driver
/// implements two small context types, which is also what lets a read unit of work never reach a write method.
/// Repositories are vended by key, as in ``MMEXReadContext``.
public protocol MMEXWriteContext: WriteRepositories {}
