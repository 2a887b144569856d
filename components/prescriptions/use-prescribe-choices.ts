'use client'

import { useEffect, useState } from 'react'
import { prescribableOffersAction, prescriptionModelAction } from '@/lib/prescriptions/actions-referent'
import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import type { PrescribableOffer, PrescribeTarget } from './prescribe-form'

const OFFERS_FAILED = 'Les offres n’ont pas pu être chargées. Fermez la fenêtre et réessayez dans un instant.'

/**
 * The offers a candidate can be prescribed to: given by the caller, or read once the sheet's dialog opens (not with
 * every view of the sheet). Null while loading; `error` says in French why they never came.
 */
export function usePrescribableOffers(target: PrescribeTarget) {
  const given = target.kind === 'candidate' ? target.offers : undefined
  const [loaded, setLoaded] = useState<PrescribableOffer[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (target.kind !== 'candidate' || given) return
    let current = true
    prescribableOffersAction()
      .then((result) => {
        if (!current) return
        if (result.ok) setLoaded(result.offers)
        else setError(result.error ?? OFFERS_FAILED)
      })
      .catch(() => current && setError(OFFERS_FAILED))
    return () => {
      current = false
    }
  }, [target.kind, given])
  return { offers: given ?? loaded, error }
}

/**
 * The fields the chosen offer's FUP model asks of the referent, none while no offer is chosen; and the contact address
 * the prescription will go to when the structure has no account (`linkTo`). A new `version` reads them again (the
 * server named a question the dialog does not show: the model changed since it opened); the fields read keep showing
 * until the new ones come.
 */
export function useModelFields(offerId: string, version = 0) {
  const empty = {
    fields: [] as CustomFieldDefinition[],
    linkTo: null as { email: string; changedOn: string | null } | null,
  }
  const [read, setRead] = useState({ offerId, ...empty })
  useEffect(() => {
    if (!offerId) return
    let current = true
    prescriptionModelAction(offerId)
      .then(
        (result) =>
          current && setRead({ offerId, ...(result.ok ? { fields: result.fields, linkTo: result.linkTo } : empty) }),
      )
      .catch(() => current && setRead({ offerId, ...empty }))
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offerId, version])
  // Another offer's are never shown: the answer for the chosen one has not come yet.
  return read.offerId === offerId ? read : { offerId, ...empty }
}
