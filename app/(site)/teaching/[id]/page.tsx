import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { CourseFacts, MaterialLinks } from '@/components/site/courses/course-item';
import { BackLink, DetailNotFound } from '@/components/site/detail-page';
import { JsonLd } from '@/components/site/json-ld';
import { Loaded } from '@/components/site/loaded';
import { LoadingText } from '@/components/site/page-intro';
import { CourseDescription } from '@/components/site/stored-markup';
import { Badge } from '@/components/ui/badge';
import { canonicalMetadata } from '@/lib/canonical';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { getCourse } from '@/lib/content/courses/queries';
import { courseDates } from '@/lib/content/courses/rules';
import { COURSE_ROLE_LABELS, type Course } from '@/lib/content/courses/types';
import { BUILD_SHELL_PARAM, readForRequest, readOr } from '@/lib/content/read';
import { texToText } from '@/lib/cv/tex-text';
import { getEnv } from '@/lib/env';
import { truncate } from '@/lib/format';
import { courseData } from '@/lib/structured-data';

type Params = Promise<{ id: string }>;

/** The course this page shows: none for an unknown id, and none for a course the owner gave no page of its own. */
async function readCoursePage(id: string): Promise<Course | null> {
  const course = await getCourse(id);
  return course?.hasPage ? course : null;
}

export async function generateMetadata({ params }: { params: Params }, parent: ResolvingMetadata): Promise<Metadata> {
  const { id } = await params;
  const read = await readForRequest('the course for the page metadata', () => readCoursePage(id));
  if (!read.ok) return { title: 'Teaching' };
  const course = read.data;
  if (!course) return { title: 'Course not found', robots: { index: false } };
  const title = texToText(course.title);
  const description = truncate(
    course.description.replace(/\s+/g, ' ').trim() || [course.code, course.institution, courseDates(course)].filter(Boolean).join(', '),
    160,
  );
  return {
    title,
    description,
    ...(await canonicalMetadata(`/teaching/${course.id}`, parent, { type: 'article', siteName: (await parent).openGraph?.siteName, title, description })),
  };
}

export function generateStaticParams() {
  return [{ id: BUILD_SHELL_PARAM }];
}

export default async function CoursePage({ params }: { params: Params }) {
  const { id } = await params;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <BackLink href="/teaching">All teaching</BackLink>
      <ContentBoundary fallback={<LoadingText>Loading course...</LoadingText>}>
        <Loaded what={`the course "${id}"`} read={() => readCoursePage(id)} failure="Failed to load courses" redirectTo="/teaching">
          {(course) =>
            course ? <CourseView course={course} /> : <DetailNotFound title="Course not found" thing="course" back="Back to Teaching" backHref="/teaching" />
          }
        </Loaded>
      </ContentBoundary>
    </div>
  );
}

async function CourseView({ course }: { course: Course }) {
  const about = await readOr('the profile', getAbout, null);
  const instructor = ownerNameOf(about) || 'The instructor';
  const title = texToText(course.title);
  return (
    <article className="mt-6 flex flex-col gap-8">
      <header className="flex flex-col gap-4">
        {course.role || course.code ? (
          <div className="flex flex-wrap items-center gap-2">
            {course.role ? <Badge variant="outline">{COURSE_ROLE_LABELS[course.role]}</Badge> : null}
            {course.code ? <span className="font-mono text-sm font-medium text-foreground/85">{course.code}</span> : null}
          </div>
        ) : null}
        <h1 className="font-serif text-4xl leading-tight font-semibold tracking-tight text-balance text-foreground">{title}</h1>
        <CourseFacts course={course} />
      </header>
      {course.description ? (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="eyebrow mb-3">
            About the course
          </h2>
          <CourseDescription id={course.id} look="page" />
        </section>
      ) : null}
      {course.materials.length > 0 ? (
        <section aria-labelledby="materials-heading">
          <h2 id="materials-heading" className="eyebrow mb-3">
            Materials
          </h2>
          <MaterialLinks materials={course.materials} label={`Materials of ${title}`} />
        </section>
      ) : null}
      <JsonLd data={courseData(course, instructor, getEnv().SITE_URL)} />
    </article>
  );
}
