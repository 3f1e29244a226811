-- The reviewer list's forms for review-cycle control and released outcomes (issues 18 and 35),
-- as a function the list's statement calls only when the spec's list does not apply: PostgreSQL
-- initialises every part of a statement's plan on each execution, so these forms, written into
-- the statement, cost the spec's list a fifth of its time with one client and a third of its
-- throughput at 32 connections (decision 0035). The body is the SQL that
-- server/modules/reviewer-workspace/queries.ts renders (listWithCycleFunctionBody);
-- list-with-cycle-function.test.ts checks that the two are the same. STABLE: it reads the calling
-- statement's snapshot.
CREATE FUNCTION "assay_reviewer_list_with_cycle_json"(list_reviewer_id uuid) RETURNS json LANGUAGE plpgsql STABLE AS $$
begin
  return coalesce(
      (
      select json_agg(item order by item.number)
      from (
        select
          "opportunities"."id" as "id",
          "opportunities"."number" as "number",
          "opportunities"."title" as "title",
          "opportunities"."description" as "description",
          "opportunities"."image_url" as "imageUrl",
          "opportunities"."tags" as "tags",
          case
            when "reviews"."id" is not null then 'done'
            when "comments"."id" is not null then 'in_progress'
            else 'not_started'
          end as "reviewStatus",
          case when "reviews"."id" is null then null else (
            select review from (select
              "reviews"."composite"::text as "composite",
              "reviews"."strategic_alignment" as "strategicAlignment",
              "reviews"."sustainability" as "sustainability",
              "reviews"."technology_readiness" as "technologyReadiness",
              "reviews"."market_potential" as "marketPotential",
              "reviews"."business_potential" as "businessPotential"
            ) as review
          ) end as "userReview",
          case when "comments"."id" is null then null else (
            select comment from (select
              "comments"."how_to_bigger_better" as "howToBiggerBetter",
              "comments"."challenges" as "challenges",
              "comments"."how_to_get_going" as "howToGetGoing",
              "comments"."other_comments" as "otherComments"
            ) as comment
          ) end as "userComment",
          "conflicts"."id" is not null as "conflict"
        from "opportunities"
        left join "reviews"
          on "reviews"."opportunity_id" = "opportunities"."id" and "reviews"."reviewer_id" = list_reviewer_id
        left join "comments"
          on "comments"."opportunity_id" = "opportunities"."id" and "comments"."reviewer_id" = list_reviewer_id
        left join "conflicts"
          on "conflicts"."opportunity_id" = "opportunities"."id" and "conflicts"."reviewer_id" = list_reviewer_id
        where "opportunities"."status" = 'published' and ((coalesce((select "settings"."value" from "settings" where "settings"."key" = 'review_assignment') = 'assigned', false) or coalesce((select "settings"."value" from "settings" where "settings"."key" = 'reviewer_comments_after_own_review') = 'true', false) or not coalesce((select "settings"."value" from "settings" where "settings"."key" = 'show_reviewer_names') <> 'false', true)) or exists (
  select 1 from "conflicts" where "conflicts"."reviewer_id" = list_reviewer_id)) and not coalesce((select "settings"."value" from "settings" where "settings"."key" = 'show_decisions_to_reviewers') = 'true', false) and (not coalesce((select "settings"."value" from "settings" where "settings"."key" = 'review_assignment') = 'assigned', false) or exists (select 1 from "assignments" as scope_assignment
    where scope_assignment.reviewer_id = list_reviewer_id
      and scope_assignment.opportunity_id = "opportunities"."id"))
      ) as item
    ),
      (
      select json_agg(item order by item.number)
      from (
        select
          "opportunities"."id" as "id",
          "opportunities"."number" as "number",
          "opportunities"."title" as "title",
          "opportunities"."description" as "description",
          "opportunities"."image_url" as "imageUrl",
          "opportunities"."tags" as "tags",
          case
            when "reviews"."id" is not null then 'done'
            when "comments"."id" is not null then 'in_progress'
            else 'not_started'
          end as "reviewStatus",
          case when "reviews"."id" is null then null else (
            select review from (select
              "reviews"."composite"::text as "composite",
              "reviews"."strategic_alignment" as "strategicAlignment",
              "reviews"."sustainability" as "sustainability",
              "reviews"."technology_readiness" as "technologyReadiness",
              "reviews"."market_potential" as "marketPotential",
              "reviews"."business_potential" as "businessPotential"
            ) as review
          ) end as "userReview",
          case when "comments"."id" is null then null else (
            select comment from (select
              "comments"."how_to_bigger_better" as "howToBiggerBetter",
              "comments"."challenges" as "challenges",
              "comments"."how_to_get_going" as "howToGetGoing",
              "comments"."other_comments" as "otherComments"
            ) as comment
          ) end as "userComment",
          (select "decisions"."outcome" from "decisions"
            where "decisions"."opportunity_id" = "opportunities"."id" and "decisions"."state" = 'released') as "outcome"
        from "opportunities"
        left join "reviews"
          on "reviews"."opportunity_id" = "opportunities"."id" and "reviews"."reviewer_id" = list_reviewer_id
        left join "comments"
          on "comments"."opportunity_id" = "opportunities"."id" and "comments"."reviewer_id" = list_reviewer_id
        where "opportunities"."status" = 'published' and not ((coalesce((select "settings"."value" from "settings" where "settings"."key" = 'review_assignment') = 'assigned', false) or coalesce((select "settings"."value" from "settings" where "settings"."key" = 'reviewer_comments_after_own_review') = 'true', false) or not coalesce((select "settings"."value" from "settings" where "settings"."key" = 'show_reviewer_names') <> 'false', true)) or exists (
  select 1 from "conflicts" where "conflicts"."reviewer_id" = list_reviewer_id)) and coalesce((select "settings"."value" from "settings" where "settings"."key" = 'show_decisions_to_reviewers') = 'true', false)
      ) as item
    ),
      (
      select json_agg(item order by item.number)
      from (
        select
          "opportunities"."id" as "id",
          "opportunities"."number" as "number",
          "opportunities"."title" as "title",
          "opportunities"."description" as "description",
          "opportunities"."image_url" as "imageUrl",
          "opportunities"."tags" as "tags",
          case
            when "reviews"."id" is not null then 'done'
            when "comments"."id" is not null then 'in_progress'
            else 'not_started'
          end as "reviewStatus",
          case when "reviews"."id" is null then null else (
            select review from (select
              "reviews"."composite"::text as "composite",
              "reviews"."strategic_alignment" as "strategicAlignment",
              "reviews"."sustainability" as "sustainability",
              "reviews"."technology_readiness" as "technologyReadiness",
              "reviews"."market_potential" as "marketPotential",
              "reviews"."business_potential" as "businessPotential"
            ) as review
          ) end as "userReview",
          case when "comments"."id" is null then null else (
            select comment from (select
              "comments"."how_to_bigger_better" as "howToBiggerBetter",
              "comments"."challenges" as "challenges",
              "comments"."how_to_get_going" as "howToGetGoing",
              "comments"."other_comments" as "otherComments"
            ) as comment
          ) end as "userComment",
          "conflicts"."id" is not null as "conflict",
          (select "decisions"."outcome" from "decisions"
            where "decisions"."opportunity_id" = "opportunities"."id" and "decisions"."state" = 'released') as "outcome"
        from "opportunities"
        left join "reviews"
          on "reviews"."opportunity_id" = "opportunities"."id" and "reviews"."reviewer_id" = list_reviewer_id
        left join "comments"
          on "comments"."opportunity_id" = "opportunities"."id" and "comments"."reviewer_id" = list_reviewer_id
        left join "conflicts"
          on "conflicts"."opportunity_id" = "opportunities"."id" and "conflicts"."reviewer_id" = list_reviewer_id
        where "opportunities"."status" = 'published' and ((coalesce((select "settings"."value" from "settings" where "settings"."key" = 'review_assignment') = 'assigned', false) or coalesce((select "settings"."value" from "settings" where "settings"."key" = 'reviewer_comments_after_own_review') = 'true', false) or not coalesce((select "settings"."value" from "settings" where "settings"."key" = 'show_reviewer_names') <> 'false', true)) or exists (
  select 1 from "conflicts" where "conflicts"."reviewer_id" = list_reviewer_id)) and coalesce((select "settings"."value" from "settings" where "settings"."key" = 'show_decisions_to_reviewers') = 'true', false) and (not coalesce((select "settings"."value" from "settings" where "settings"."key" = 'review_assignment') = 'assigned', false) or exists (select 1 from "assignments" as scope_assignment
    where scope_assignment.reviewer_id = list_reviewer_id
      and scope_assignment.opportunity_id = "opportunities"."id"))
      ) as item
    )
    );
end
$$;
