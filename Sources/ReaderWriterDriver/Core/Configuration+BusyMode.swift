extension Configuration {
    /// How long a pool's readers wait on a lock when ``readonlyBusyMode`` is not set: GRDB's 10 seconds.
    static let poolReaderBusyTimeout: Double = 10

    /// The busy mode a connection in `role` gets: ``readonlyBusyMode`` for read-only connections when set; otherwise
    /// GRDB's choice, a ``DatabasePool`` reader waits up to ``poolReaderBusyTimeout`` seconds and every other
    /// connection takes ``busyMode``.
    func busyMode(for role: ConnectionCore.Role) -> BusyMode {
        if role == .poolReader { return readonlyBusyMode ?? .timeout(Self.poolReaderBusyTimeout) }
        if readonly { return readonlyBusyMode ?? busyMode }
        return busyMode
    }
}
