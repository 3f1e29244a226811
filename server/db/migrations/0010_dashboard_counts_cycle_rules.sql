-- The dashboard counts under issue 18's rules (conflicts left out; in 'assigned' mode assigned
-- pairs only), as a function the counts' statement calls only when those rules change a count
-- (a conflict recorded, or 'assigned' mode): PostgreSQL initialises every part of a statement's
-- plan on each execution (decision 0035). The body is the SQL that
-- server/modules/dashboard/queries.ts renders (countsWithCycleFunctionBody);
-- functions-rendered-in-migrations.test.ts checks that the two are the same. STABLE: it reads the
-- calling statement's snapshot.
CREATE FUNCTION "assay_dashboard_counts_with_cycle"() RETURNS TABLE (counted_total_reviewers integer, counted_active_reviewers integer, counted_published_opportunities integer, counted_total_opportunities integer, counted_total_reviews integer, counted_completed_reviews integer, counted_expected_reviews integer) LANGUAGE plpgsql STABLE AS $$
begin
  return query 
    select
      base.total_reviewers as "totalReviewers",
      base.active_reviewers as "activeReviewers",
      base.published_opportunities as "publishedOpportunities",
      base.total_opportunities as "totalOpportunities",
      case when base.assigned then assigned_pairs.reviews
        else base.reviews - conflicted_pairs.reviews
      end as "totalReviews",
      case when base.assigned then assigned_pairs.completed
        else base.reviews
          - (select count(*)::int
               from users u
               join reviews r on r.reviewer_id = u.id
              where not (u.role = 'reviewer' and u.is_active))
          - (select count(*)::int
               from opportunities o
               join reviews r on r.opportunity_id = o.id
               join users u on u.id = r.reviewer_id and u.role = 'reviewer' and u.is_active
              where o.status <> 'published')
          - conflicted_pairs.completed
      end as "completedReviews",
      case when base.assigned then assigned_pairs.expected
        else base.active_reviewers * base.published_opportunities - conflicted_pairs.expected
      end as "expectedReviews"
    from (
      select count(*)::int as reviews,
             (select count(*)::int from users where role = 'reviewer') as total_reviewers,
             (select count(*)::int from users where role = 'reviewer' and is_active)
               as active_reviewers,
             (select count(*)::int from opportunities where status = 'published')
               as published_opportunities,
             (select count(*)::int from opportunities) as total_opportunities,
             coalesce((select "settings"."value" from "settings" where "settings"."key" = 'review_assignment') = 'assigned', false) as assigned
        from reviews
      offset 0
    ) as base,
    (
      -- Assigned pairs without a conflict: with a review; and of an active reviewer and a
      -- published opportunity, with a review and in all.
      select count(r.id) filter (where cf.id is null)::int as reviews,
             count(r.id) filter (where cf.id is null and u.role = 'reviewer' and u.is_active and o.status = 'published')::int as completed,
             count(*) filter (where cf.id is null and u.role = 'reviewer' and u.is_active and o.status = 'published')::int as expected
        from assignments pair
        join users u on u.id = pair.reviewer_id
        join opportunities o on o.id = pair.opportunity_id
        left join reviews r
          on r.reviewer_id = pair.reviewer_id and r.opportunity_id = pair.opportunity_id
        left join conflicts cf
          on cf.reviewer_id = pair.reviewer_id and cf.opportunity_id = pair.opportunity_id
       where coalesce((select "settings"."value" from "settings" where "settings"."key" = 'review_assignment') = 'assigned', false)
    ) as assigned_pairs,
    (
      -- Conflicted pairs: with a review; and of an active reviewer and a published opportunity,
      -- with a review and in all.
      select count(r.id)::int as reviews,
             count(r.id) filter (where u.role = 'reviewer' and u.is_active and o.status = 'published')::int as completed,
             count(*) filter (where u.role = 'reviewer' and u.is_active and o.status = 'published')::int as expected
        from conflicts pair
        join users u on u.id = pair.reviewer_id
        join opportunities o on o.id = pair.opportunity_id
        left join reviews r
          on r.reviewer_id = pair.reviewer_id and r.opportunity_id = pair.opportunity_id
    ) as conflicted_pairs
;
end
$$;
