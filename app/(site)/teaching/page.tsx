import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { CourseItem } from '@/components/site/courses/course-item';
import { EmptyState } from '@/components/site/empty-state';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { canonicalMetadata } from '@/lib/canonical';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { getCourses } from '@/lib/content/courses/queries';
import { groupCourses } from '@/lib/content/courses/rules';
import type { Course, TeachingGrouping } from '@/lib/content/courses/types';
import { readOr } from '@/lib/content/read';
import { getTeachingGrouping } from '@/lib/content/settings/queries';
import { truncate } from '@/lib/format';

const INTRO = 'Courses taught: lectures, tutorials and problem classes, with their syllabi, notes and problem sheets.';

/** The heading of the courses with no institution stated, when the page is grouped by institution. */
const NO_INSTITUTION = 'Other teaching';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const [courses, about] = await Promise.all([
    readOr('the courses for the page metadata', getCourses, []),
    readOr('the profile for the page metadata', getAbout, null),
  ]);
  const owner = ownerNameOf(about);
  const titles = [...new Set(courses.map((course) => course.title))].join(', ');
  return {
    title: 'Teaching',
    description: titles ? truncate(owner ? `Teaching by ${owner}: ${titles}.` : `Teaching: ${titles}.`, 160) : INTRO,
    ...(await canonicalMetadata('/teaching', parent)),
  };
}

/**
 * The courses, grouped as the owner chose in the Teaching editor. Nothing here depends on the request or the
 * day, so the page is cached whole, as /projects is, and a save to the courses or the grouping expires it.
 */
export default function TeachingPage() {
  return (
    <>
      <PageIntro eyebrow="Teaching" title="Teaching">
        {INTRO}
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading courses...</LoadingText>}>
          <Loaded what="the courses" read={() => Promise.all([getCourses(), getTeachingGrouping()])} failure="Failed to load courses">
            {([courses, grouping]) => <CourseGroups courses={courses} grouping={grouping} />}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}

function CourseGroups({ courses, grouping }: { courses: Course[]; grouping: TeachingGrouping }) {
  if (courses.length === 0) return <EmptyState title="No courses found">No courses have been added yet.</EmptyState>;
  return (
    <div className="flex flex-col gap-10">
      {groupCourses(courses, grouping).map((group, index) => (
        <section key={group.key} aria-labelledby={`teaching-group-${index}`}>
          <h2 id={`teaching-group-${index}`} className="font-serif text-2xl font-semibold text-foreground/90">
            {group.heading || NO_INSTITUTION}
          </h2>
          {group.courses.map((course) => (
            <CourseItem key={course.id} course={course} />
          ))}
        </section>
      ))}
    </div>
  );
}
