/// Names one repository of the MMEX contexts by a type, so a repository is added to the contexts from its own model
/// file, with no shared list to edit.
///
/// A repository's model file declares its key beside its protocols (an uninhabited enum such as
/// ``TagRepositoryKey``) and the accessors apps use (`context.tags`) in extensions of ``ReadRepositories`` and
/// ``WriteRepositories``. Each driver vends the repository by conforming the key to its own key protocol in the
/// repository's file; the differential's slice definition of the repository requires both drivers' conformances, so
/// a slice that one driver lacks does not compile.
public protocol RepositoryKey {
    /// What a write unit of work gets: the repository protocol, reads and writes (`any TagRepository`).
    associatedtype Writing
}

/// A ``RepositoryKey`` whose repository has a reading side, which read units of work get as well.
public protocol ReadableRepositoryKey: RepositoryKey {
    /// What a read unit of work gets: the reading protocol (`any TagReading`).
    associatedtype Reading
}

extension RepositoryKey {
    /// The repository protocol's name (`TagRepository`), as status tables and reports show it.
    public static var repositoryName: String { String(describing: Writing.self) }
}
