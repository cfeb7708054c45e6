import Foundation

/// Batch requests, passed to the stores they concern with the coordinator locked.
extension NSPersistentStoreCoordinator {
    /// Deletes in each store (the request's `affectedStores`, or all) what `plan` selects; object IDs go to
    /// their own store.
    func executeBatchDelete(_ plan: BatchDeletePlan, affectedStores: [NSPersistentStore]?) throws -> BatchOutcome {
        try withLock {
            let stores = affectedStores ?? persistentStores
            guard case .objectIDs(let objectIDs) = plan.selection else {
                return try stores.reduce(BatchOutcome()) { $0 + (try $1.executeBatchDelete(plan)) }
            }
            var outcome = BatchOutcome()
            for store in stores {
                let own = objectIDs.filter { ($0.persistentStore ?? stores.first) === store }
                guard !own.isEmpty else { continue }
                outcome = outcome + (try store.executeBatchDelete(BatchDeletePlan(selection: .objectIDs(own), wantsObjectIDs: plan.wantsObjectIDs)))
            }
            return outcome
        }
    }

    /// Updates in each store (the request's `affectedStores`, or all) the rows `plan` selects.
    func executeBatchUpdate(_ plan: BatchUpdatePlan, affectedStores: [NSPersistentStore]?) throws -> BatchOutcome {
        try withLock {
            try (affectedStores ?? persistentStores).reduce(BatchOutcome()) { $0 + (try $1.executeBatchUpdate(plan)) }
        }
    }

    /// Inserts the objects of `plan` into the first of the request's `affectedStores`, or of the stores (where
    /// saves put new objects).
    func executeBatchInsert(_ plan: BatchInsertPlan, affectedStores: [NSPersistentStore]?) throws -> BatchOutcome {
        try withLock {
            guard let store = (affectedStores ?? persistentStores).first else { throw CoreDataError.noPersistentStores }
            return try store.executeBatchInsert(plan)
        }
    }
}
