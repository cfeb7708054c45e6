import Foundation

extension NSPersistentContainer {
    /// Syncs a JSON payload into the entity named `entityName` in a new background context, as
    /// ``NSManagedObjectContext/sync(_:inEntityNamed:predicate:parent:operations:decoder:)`` does,
    /// then saves once; the view context's objects are refreshed when it returns.
    ///
    /// `parent` must be saved: the background context finds it by its object ID. Progress goes to
    /// `Progress.current()` of the thread the call starts on: one unit for the sync, one for the
    /// save. `becomeCurrent(withPendingUnitCount:)` is not available in asynchronous code and cannot
    /// span an `await`, so make the progress current in a synchronous function around
    /// `Task.immediate`, which starts the call on that thread:
    ///
    /// ```swift
    /// @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    /// func startSync(of json: Data, into container: NSPersistentContainer, reportingTo progress: Progress)
    ///     -> Task<SyncChanges, any Error>
    /// {
    ///     progress.becomeCurrent(withPendingUnitCount: 1)
    ///     defer { progress.resignCurrent() }
    ///     return Task.immediate { try await container.sync(json, inEntityNamed: "User") }
    /// }
    /// ```
    ///
    /// Cancelling the task (or that progress) stops the sync between its phases, even once it has
    /// begun, throws `CancellationError` and saves nothing.
    @discardableResult
    public func sync(
        _ json: Data, inEntityNamed entityName: String, predicate: NSPredicate? = nil, parent: NSManagedObject? = nil,
        operations: SyncOperations = .all, decoder: JSONDecoder = JSONDecoder()
    ) async throws -> SyncChanges {
        let request = BackgroundSyncRequest(
            json: json, entityName: entityName, predicate: predicate, parentID: parent?.objectID, operations: operations,
            decoder: decoder, progress: Progress(totalUnitCount: 2)
        )
        let context = newBackgroundContext()
        let changes = try await withTaskCancellationHandler {
            try Task.checkCancellation()
            let changes = try await context.perform {
                let parent = try request.parentID.map { try context.existingObject(with: $0) }
                return try context.sync(
                    request.json, inEntityNamed: request.entityName, predicate: request.predicate, parent: parent,
                    operations: request.operations, decoder: request.decoder
                ) { request.progress.isCancelled }
            }
            request.progress.completedUnitCount = 1
            if Task.isCancelled || request.progress.isCancelled { throw CancellationError() }
            try await context.perform { try context.save() }
            request.progress.completedUnitCount = 2
            return changes
        } onCancel: {
            request.progress.cancel()
        }
        let viewContext = viewContext
        await viewContext.perform { viewContext.refreshAllObjects() }
        return changes
    }
}

/// The arguments of a background sync, handed to the background context's queue, which alone
/// uses them until the sync returns.
private struct BackgroundSyncRequest: @unchecked Sendable {
    let json: Data
    let entityName: String
    let predicate: NSPredicate?
    let parentID: NSManagedObjectID?
    let operations: SyncOperations
    let decoder: JSONDecoder
    /// The sync's progress, a child of the caller's current progress; cancelling the task cancels it.
    let progress: Progress
}
